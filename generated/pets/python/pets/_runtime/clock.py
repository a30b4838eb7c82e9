"""Injectable time source."""

from __future__ import annotations

import asyncio
import time

__all__ = ["Clock", "SystemClock"]


class Clock:
    """Time as the runtime sees it.

    ``now()`` is monotonic seconds and decides every deadline; ``wall()`` is
    Unix time, used only to read an HTTP-date ``Retry-After``. Tests subclass
    this to make sleeps instant and exact.
    """

    def now(self) -> float:
        return time.monotonic()

    def wall(self) -> float:
        return time.time()

    def sleep(self, seconds: float) -> None:
        time.sleep(seconds)

    async def async_sleep(self, seconds: float) -> None:
        await asyncio.sleep(seconds)


class SystemClock(Clock):
    """The real clock (the default)."""
