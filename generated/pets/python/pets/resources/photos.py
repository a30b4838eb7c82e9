"""The photo attached to each pet."""

from __future__ import annotations

from collections.abc import Mapping

from .. import _base, _runtime

_DOWNLOAD_PET_PHOTO = _runtime.Operation(
    name="downloadPetPhoto",
    method="GET",
    retry_class=_runtime.RetryClass.SAFE,
)

_UPLOAD_PET_PHOTO = _runtime.Operation(
    name="uploadPetPhoto",
    method="PUT",
    retry_class=_runtime.RetryClass.IDEMPOTENT,
)


def _download_pet_photo_request(
    *,
    pet_id: int,
) -> _runtime.Request:
    return _runtime.Request("GET", _runtime.encode_path("/pets/{petId}/photo", {"petId": pet_id}))


def _parse_download_pet_photo(response: _runtime.Response) -> bytes:
    return response.content


def _upload_pet_photo_request(
    *,
    pet_id: int,
    file: _base.FileInput,
    caption: str | None,
) -> _runtime.Request:
    body: _base.JsonObject = {"file": file}
    if caption is not None:
        body["caption"] = caption
    return _base.multipart_request(
        "PUT",
        _runtime.encode_path("/pets/{petId}/photo", {"petId": pet_id}),
        fields=(("file", "image/png, image/jpeg"), ("caption", None)),
        value=body,
        media_type="multipart/form-data",
    )


def _parse_upload_pet_photo(response: _runtime.Response) -> None:
    return None


class PhotosWithRawResponse:
    """The methods of ``Photos``, returning the raw response."""

    def __init__(self, client: _runtime.SyncRuntime) -> None:
        self._client = client

    def download_pet_photo(
        self,
        *,
        pet_id: int,
        timeout: float | None = None,
        deadline: float | None = None,
        max_attempts: int | None = None,
        retries: bool | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
        extra_body: Mapping[str, object] | None = None,
    ) -> _base.RawResponse[bytes]:
        """Like ``Photos.download_pet_photo``, but reads the whole body (up to the client's
        ``max_response_bytes``) and returns the raw response: status, headers, the number of
        attempts, and ``parse()`` for the bytes.
        """
        response = self._client.request(
            _DOWNLOAD_PET_PHOTO,
            _download_pet_photo_request(pet_id=pet_id),
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
        return _base.RawResponse(_DOWNLOAD_PET_PHOTO, response, _parse_download_pet_photo)

    def upload_pet_photo(
        self,
        *,
        pet_id: int,
        file: _base.FileInput,
        caption: str | None = None,
        timeout: float | None = None,
        deadline: float | None = None,
        max_attempts: int | None = None,
        retries: bool | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
        extra_body: Mapping[str, object] | None = None,
    ) -> _base.RawResponse[None]:
        """Like ``Photos.upload_pet_photo``, but returns the raw response: status, headers, the
        number of attempts, and ``parse()``.
        """
        response = self._client.request(
            _UPLOAD_PET_PHOTO,
            _upload_pet_photo_request(pet_id=pet_id, file=file, caption=caption),
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
        return _base.RawResponse(_UPLOAD_PET_PHOTO, response, _parse_upload_pet_photo)


class Photos:
    """The photo attached to each pet.

    Reach it as ``client.photos``; ``with_raw_response`` has the same methods returning the raw
    response.
    """

    def __init__(self, client: _runtime.SyncRuntime) -> None:
        self._client = client
        self.with_raw_response = PhotosWithRawResponse(client)

    def download_pet_photo(
        self,
        *,
        pet_id: int,
        timeout: float | None = None,
        deadline: float | None = None,
        max_attempts: int | None = None,
        retries: bool | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
        extra_body: Mapping[str, object] | None = None,
    ) -> _runtime.BinaryResponse:
        """Download a pet's photo.

        Returns the pet's photo as a PNG image, or 404 when it has none.

        `GET /pets/{petId}/photo`. Retried on throttling (429), transient errors (502, 503, 504, one
        500) and connection failures: 3 attempts within 60 s; each attempt times out after 0.9 s (3
        x p99 of 300 ms) or at the deadline.

        Args:
            pet_id: The id of the pet. (Path parameter `petId`.)
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
            The photo. Handed back as the response with its body unread (``BinaryResponse``,
            ``AsyncBinaryResponse`` on the asyncio client): ``read()`` it whole (up to the client's
            ``max_response_bytes``), iterate ``iter_bytes()`` for its chunks, or
            ``write_to_file(path)``, once; use it in a ``with`` block (``async with``) or
            ``close()`` it when not read to the end.

        Raises:
            APIError: The last attempt got an error status (``NotFoundError``, ``RateLimitError``,
                ... by status).
            APIConnectionError: No response: the connection failed, or (``APITimeoutError``) time
                ran out.
            StreamError: While the body is read: the connection was lost, or no bytes came for the
                idle timeout (``stream_idle_timeout_ms``); it says how many bytes were delivered.
                Nothing is retried once the headers arrived.
        """
        return self._client.download(
            _DOWNLOAD_PET_PHOTO,
            _download_pet_photo_request(pet_id=pet_id),
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

    def upload_pet_photo(
        self,
        *,
        pet_id: int,
        file: _base.FileInput,
        caption: str | None = None,
        timeout: float | None = None,
        deadline: float | None = None,
        max_attempts: int | None = None,
        retries: bool | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
        extra_body: Mapping[str, object] | None = None,
    ) -> None:
        """Upload a pet's photo.

        Stores the photo of a pet, replacing the one it had. PNG and JPEG
        images up to 5 MiB are accepted; JPEG images are converted to PNG.

        `PUT /pets/{petId}/photo`. Retried on throttling (429), transient errors (502, 503, 504, one
        500) and connection failures: 3 attempts within 60 s; each attempt times out after 0.9 s (3
        x p99 of 300 ms) or at the deadline.

        Args:
            pet_id: The id of the pet. (Path parameter `petId`.)
            file: The image file.
            caption: A short text shown under the photo.
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
            The photo was stored.

        Raises:
            APIError: The last attempt got an error status (``NotFoundError``, ``RateLimitError``,
                ... by status).
            APIConnectionError: No response: the connection failed, or (``APITimeoutError``) time
                ran out.
        """
        self._client.request(
            _UPLOAD_PET_PHOTO,
            _upload_pet_photo_request(pet_id=pet_id, file=file, caption=caption),
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


class AsyncPhotosWithRawResponse:
    """The methods of ``AsyncPhotos``, returning the raw response."""

    def __init__(self, client: _runtime.AsyncRuntime) -> None:
        self._client = client

    async def download_pet_photo(
        self,
        *,
        pet_id: int,
        timeout: float | None = None,
        deadline: float | None = None,
        max_attempts: int | None = None,
        retries: bool | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
        extra_body: Mapping[str, object] | None = None,
    ) -> _base.RawResponse[bytes]:
        """Like ``Photos.download_pet_photo``, but reads the whole body (up to the client's
        ``max_response_bytes``) and returns the raw response: status, headers, the number of
        attempts, and ``parse()`` for the bytes.
        """
        response = await self._client.request(
            _DOWNLOAD_PET_PHOTO,
            _download_pet_photo_request(pet_id=pet_id),
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
        return _base.RawResponse(_DOWNLOAD_PET_PHOTO, response, _parse_download_pet_photo)

    async def upload_pet_photo(
        self,
        *,
        pet_id: int,
        file: _base.FileInput,
        caption: str | None = None,
        timeout: float | None = None,
        deadline: float | None = None,
        max_attempts: int | None = None,
        retries: bool | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
        extra_body: Mapping[str, object] | None = None,
    ) -> _base.RawResponse[None]:
        """Like ``Photos.upload_pet_photo``, but returns the raw response: status, headers, the
        number of attempts, and ``parse()``.
        """
        response = await self._client.request(
            _UPLOAD_PET_PHOTO,
            _upload_pet_photo_request(pet_id=pet_id, file=file, caption=caption),
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
        return _base.RawResponse(_UPLOAD_PET_PHOTO, response, _parse_upload_pet_photo)


class AsyncPhotos:
    """The photo attached to each pet.

    The asyncio twin of ``Photos``.
    """

    def __init__(self, client: _runtime.AsyncRuntime) -> None:
        self._client = client
        self.with_raw_response = AsyncPhotosWithRawResponse(client)

    async def download_pet_photo(
        self,
        *,
        pet_id: int,
        timeout: float | None = None,
        deadline: float | None = None,
        max_attempts: int | None = None,
        retries: bool | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
        extra_body: Mapping[str, object] | None = None,
    ) -> _runtime.AsyncBinaryResponse:
        """Download a pet's photo.

        Returns the pet's photo as a PNG image, or 404 when it has none.

        `GET /pets/{petId}/photo`. Retried on throttling (429), transient errors (502, 503, 504, one
        500) and connection failures: 3 attempts within 60 s; each attempt times out after 0.9 s (3
        x p99 of 300 ms) or at the deadline.

        Args:
            pet_id: The id of the pet. (Path parameter `petId`.)
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
            The photo. Handed back as the response with its body unread (``BinaryResponse``,
            ``AsyncBinaryResponse`` on the asyncio client): ``read()`` it whole (up to the client's
            ``max_response_bytes``), iterate ``iter_bytes()`` for its chunks, or
            ``write_to_file(path)``, once; use it in a ``with`` block (``async with``) or
            ``close()`` it when not read to the end.

        Raises:
            APIError: The last attempt got an error status (``NotFoundError``, ``RateLimitError``,
                ... by status).
            APIConnectionError: No response: the connection failed, or (``APITimeoutError``) time
                ran out.
            StreamError: While the body is read: the connection was lost, or no bytes came for the
                idle timeout (``stream_idle_timeout_ms``); it says how many bytes were delivered.
                Nothing is retried once the headers arrived.
        """
        return await self._client.download(
            _DOWNLOAD_PET_PHOTO,
            _download_pet_photo_request(pet_id=pet_id),
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

    async def upload_pet_photo(
        self,
        *,
        pet_id: int,
        file: _base.FileInput,
        caption: str | None = None,
        timeout: float | None = None,
        deadline: float | None = None,
        max_attempts: int | None = None,
        retries: bool | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
        extra_body: Mapping[str, object] | None = None,
    ) -> None:
        """Upload a pet's photo.

        Stores the photo of a pet, replacing the one it had. PNG and JPEG
        images up to 5 MiB are accepted; JPEG images are converted to PNG.

        `PUT /pets/{petId}/photo`. Retried on throttling (429), transient errors (502, 503, 504, one
        500) and connection failures: 3 attempts within 60 s; each attempt times out after 0.9 s (3
        x p99 of 300 ms) or at the deadline.

        Args:
            pet_id: The id of the pet. (Path parameter `petId`.)
            file: The image file.
            caption: A short text shown under the photo.
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
            The photo was stored.

        Raises:
            APIError: The last attempt got an error status (``NotFoundError``, ``RateLimitError``,
                ... by status).
            APIConnectionError: No response: the connection failed, or (``APITimeoutError``) time
                ran out.
        """
        await self._client.request(
            _UPLOAD_PET_PHOTO,
            _upload_pet_photo_request(pet_id=pet_id, file=file, caption=caption),
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
