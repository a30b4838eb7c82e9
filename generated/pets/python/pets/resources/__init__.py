"""The resources of the Pets API: one class per group of operations, blocking and asyncio, each with
its raw-response twin.
"""

from .pets import AsyncPets2, AsyncPets2WithRawResponse, Pets2, Pets2WithRawResponse
from .photos import AsyncPhotos, AsyncPhotosWithRawResponse, Photos, PhotosWithRawResponse

__all__ = [
    "AsyncPets2",
    "AsyncPets2WithRawResponse",
    "AsyncPhotos",
    "AsyncPhotosWithRawResponse",
    "Pets2",
    "Pets2WithRawResponse",
    "Photos",
    "PhotosWithRawResponse",
]
