"""Figures computed from your account's activity."""

from __future__ import annotations

import datetime
from collections.abc import Mapping

from .. import _base, _runtime, models

_GENERATE_REPORT = _runtime.Operation(
    name="generateReport",
    method="POST",
    retry_class=_runtime.RetryClass.IDEMPOTENT,
)


def _generate_report_request(
    *,
    kind: models.ReportRequestKind,
    from_: datetime.date,
    to: datetime.date,
    currency: models.Currency | None,
) -> _runtime.Request:
    body: _base.JsonObject = {"kind": kind, "from": from_, "to": to}
    if currency is not None:
        body["currency"] = currency
    return _runtime.Request("POST", "/reports", json=_base.to_json(body))


def _parse_generate_report(response: _runtime.Response) -> models.Report:
    return models.Report.from_dict(response.json())


class ReportsWithRawResponse:
    """The methods of ``Reports``, returning the raw response."""

    def __init__(self, client: _runtime.SyncRuntime) -> None:
        self._client = client

    def generate_report(
        self,
        *,
        kind: models.ReportRequestKind,
        from_: datetime.date,
        to: datetime.date,
        currency: models.Currency | None = None,
        timeout: float | None = None,
        deadline: float | None = None,
        max_attempts: int | None = None,
        retries: bool | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
        extra_body: Mapping[str, object] | None = None,
    ) -> _base.RawResponse[models.Report]:
        """Like ``Reports.generate_report``, but returns the raw response: status, headers, the
        number of attempts, and ``parse()``.
        """
        response = self._client.request(
            _GENERATE_REPORT,
            _generate_report_request(kind=kind, from_=from_, to=to, currency=currency),
            _runtime.call_options(
                timeout=timeout,
                deadline=deadline,
                max_attempts=max_attempts,
                retries=retries,
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
            ),
        )
        return _base.RawResponse(_GENERATE_REPORT, response, _parse_generate_report)


class Reports:
    """Figures computed from your account's activity.

    Reach it as ``client.reports``; ``with_raw_response`` has the same methods returning the raw
    response.
    """

    def __init__(self, client: _runtime.SyncRuntime) -> None:
        self._client = client
        self.with_raw_response = ReportsWithRawResponse(client)

    def generate_report(
        self,
        *,
        kind: models.ReportRequestKind,
        from_: datetime.date,
        to: datetime.date,
        currency: models.Currency | None = None,
        timeout: float | None = None,
        deadline: float | None = None,
        max_attempts: int | None = None,
        retries: bool | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
        extra_body: Mapping[str, object] | None = None,
    ) -> models.Report:
        """Compute a report.

        Computes totals over your transfers and refunds for a date range and
        returns them. Nothing is stored: the same request always gives the
        same figures for a closed range, so it is safe to retry. It is a
        `POST` only because the query is a JSON body.

        `POST /reports`. Retried on throttling (429), transient errors (502, 503, 504, one 500) and
        connection failures: 3 attempts within 60 s; each attempt times out after 1.2 s (3 x p99 of
        400 ms) or at the deadline.

        Args:
            kind: Field `kind` of the body.
            from_: The first day of the range, included. (Field `from` of the body.)
            to: The last day of the range, included.
            currency: A three-letter ISO 4217 currency code, in lower case.
            timeout: Seconds for the whole call, every attempt and sleep included (default: 60 s).
            deadline: An absolute deadline on the monotonic clock (see ``deadline_from_headers``);
                the earlier of ``timeout`` and ``deadline`` wins.
            max_attempts: Attempts in all, the first one included (default: 3).
            retries: ``False`` makes this call a single attempt.
            extra_headers: Headers added to every attempt of this call.
            extra_query: Query parameters sent after the operation's own: one the API added after
                this SDK was made.
            extra_body: Properties merged into the JSON body, over the SDK's own of the same name.

        Returns:
            The report.

        Raises:
            APIError: The last attempt got an error status (``NotFoundError``, ``RateLimitError``,
                ... by status).
            APIConnectionError: No response: the connection failed, or (``APITimeoutError``) time
                ran out.
        """
        response = self._client.request(
            _GENERATE_REPORT,
            _generate_report_request(kind=kind, from_=from_, to=to, currency=currency),
            _runtime.call_options(
                timeout=timeout,
                deadline=deadline,
                max_attempts=max_attempts,
                retries=retries,
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
            ),
        )
        return _base.parse_response(_GENERATE_REPORT, response, _parse_generate_report)


class AsyncReportsWithRawResponse:
    """The methods of ``AsyncReports``, returning the raw response."""

    def __init__(self, client: _runtime.AsyncRuntime) -> None:
        self._client = client

    async def generate_report(
        self,
        *,
        kind: models.ReportRequestKind,
        from_: datetime.date,
        to: datetime.date,
        currency: models.Currency | None = None,
        timeout: float | None = None,
        deadline: float | None = None,
        max_attempts: int | None = None,
        retries: bool | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
        extra_body: Mapping[str, object] | None = None,
    ) -> _base.RawResponse[models.Report]:
        """Like ``Reports.generate_report``, but returns the raw response: status, headers, the
        number of attempts, and ``parse()``.
        """
        response = await self._client.request(
            _GENERATE_REPORT,
            _generate_report_request(kind=kind, from_=from_, to=to, currency=currency),
            _runtime.call_options(
                timeout=timeout,
                deadline=deadline,
                max_attempts=max_attempts,
                retries=retries,
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
            ),
        )
        return _base.RawResponse(_GENERATE_REPORT, response, _parse_generate_report)


class AsyncReports:
    """Figures computed from your account's activity.

    The asyncio twin of ``Reports``.
    """

    def __init__(self, client: _runtime.AsyncRuntime) -> None:
        self._client = client
        self.with_raw_response = AsyncReportsWithRawResponse(client)

    async def generate_report(
        self,
        *,
        kind: models.ReportRequestKind,
        from_: datetime.date,
        to: datetime.date,
        currency: models.Currency | None = None,
        timeout: float | None = None,
        deadline: float | None = None,
        max_attempts: int | None = None,
        retries: bool | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
        extra_body: Mapping[str, object] | None = None,
    ) -> models.Report:
        """Compute a report.

        Computes totals over your transfers and refunds for a date range and
        returns them. Nothing is stored: the same request always gives the
        same figures for a closed range, so it is safe to retry. It is a
        `POST` only because the query is a JSON body.

        `POST /reports`. Retried on throttling (429), transient errors (502, 503, 504, one 500) and
        connection failures: 3 attempts within 60 s; each attempt times out after 1.2 s (3 x p99 of
        400 ms) or at the deadline.

        Args:
            kind: Field `kind` of the body.
            from_: The first day of the range, included. (Field `from` of the body.)
            to: The last day of the range, included.
            currency: A three-letter ISO 4217 currency code, in lower case.
            timeout: Seconds for the whole call, every attempt and sleep included (default: 60 s).
            deadline: An absolute deadline on the monotonic clock (see ``deadline_from_headers``);
                the earlier of ``timeout`` and ``deadline`` wins.
            max_attempts: Attempts in all, the first one included (default: 3).
            retries: ``False`` makes this call a single attempt.
            extra_headers: Headers added to every attempt of this call.
            extra_query: Query parameters sent after the operation's own: one the API added after
                this SDK was made.
            extra_body: Properties merged into the JSON body, over the SDK's own of the same name.

        Returns:
            The report.

        Raises:
            APIError: The last attempt got an error status (``NotFoundError``, ``RateLimitError``,
                ... by status).
            APIConnectionError: No response: the connection failed, or (``APITimeoutError``) time
                ran out.
        """
        response = await self._client.request(
            _GENERATE_REPORT,
            _generate_report_request(kind=kind, from_=from_, to=to, currency=currency),
            _runtime.call_options(
                timeout=timeout,
                deadline=deadline,
                max_attempts=max_attempts,
                retries=retries,
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
            ),
        )
        return _base.parse_response(_GENERATE_REPORT, response, _parse_generate_report)
