"""The pets in the catalogue."""

from __future__ import annotations

from collections.abc import Mapping

from .. import _base, _runtime, models

_LIST_PETS = _runtime.Operation(name="listPets", method="GET", retry_class=_runtime.RetryClass.SAFE)

_CREATE_PET = _runtime.Operation(
    name="createPet",
    method="POST",
    retry_class=_runtime.RetryClass.UNSAFE,
)

_GET_PET = _runtime.Operation(name="getPet", method="GET", retry_class=_runtime.RetryClass.SAFE)

_UPDATE_PET = _runtime.Operation(
    name="updatePet",
    method="PUT",
    retry_class=_runtime.RetryClass.IDEMPOTENT,
)

_DELETE_PET = _runtime.Operation(
    name="deletePet",
    method="DELETE",
    retry_class=_runtime.RetryClass.IDEMPOTENT,
)


def _list_pets_request(
    *,
    limit: int | None,
    tags: list[str] | None,
    status: models.PetStatus | None,
) -> _runtime.Request:
    query_pairs_ = [
        *_runtime.query_param("limit", limit),
        *_runtime.query_param("tags", tags),
        *_runtime.query_param("status", status),
    ]
    return _runtime.Request("GET", "/pets", query=query_pairs_)


def _parse_list_pets(response: _runtime.Response) -> list[models.Pet]:
    return _base.parse_list(response.json(), models.Pet.from_dict)


def _create_pet_request(
    *,
    name: str,
    tags: list[str] | None,
    status: models.PetStatus | None,
) -> _runtime.Request:
    body: _base.JsonObject = {"name": name}
    if tags is not None:
        body["tags"] = tags
    if status is not None:
        body["status"] = status
    return _runtime.Request("POST", "/pets", json=_base.to_json(body))


def _parse_create_pet(response: _runtime.Response) -> models.Pet:
    return models.Pet.from_dict(response.json())


def _get_pet_request(
    *,
    pet_id: int,
) -> _runtime.Request:
    return _runtime.Request("GET", _runtime.encode_path("/pets/{petId}", {"petId": pet_id}))


def _parse_get_pet(response: _runtime.Response) -> models.Pet:
    return models.Pet.from_dict(response.json())


def _update_pet_request(
    *,
    pet_id: int,
    name: str,
    tags: list[str] | None,
    status: models.PetStatus | None,
) -> _runtime.Request:
    body: _base.JsonObject = {"name": name}
    if tags is not None:
        body["tags"] = tags
    if status is not None:
        body["status"] = status
    return _runtime.Request(
        "PUT",
        _runtime.encode_path("/pets/{petId}", {"petId": pet_id}),
        json=_base.to_json(body),
    )


def _parse_update_pet(response: _runtime.Response) -> models.Pet:
    return models.Pet.from_dict(response.json())


def _delete_pet_request(
    *,
    pet_id: int,
) -> _runtime.Request:
    return _runtime.Request("DELETE", _runtime.encode_path("/pets/{petId}", {"petId": pet_id}))


def _parse_delete_pet(response: _runtime.Response) -> None:
    return None


class Pets2WithRawResponse:
    """The methods of ``Pets2``, returning the raw response."""

    def __init__(self, client: _runtime.SyncRuntime) -> None:
        self._client = client

    def list_pets(
        self,
        *,
        limit: int | None = None,
        tags: list[str] | None = None,
        status: models.PetStatus | None = None,
        timeout: float | None = None,
        deadline: float | None = None,
        max_attempts: int | None = None,
        retries: bool | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
        extra_body: Mapping[str, object] | None = None,
    ) -> _base.RawResponse[list[models.Pet]]:
        """Like ``Pets2.list_pets``, but returns the raw response: status, headers, the number of
        attempts, and ``parse()``.
        """
        response = self._client.request(
            _LIST_PETS,
            _list_pets_request(limit=limit, tags=tags, status=status),
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
        return _base.RawResponse(_LIST_PETS, response, _parse_list_pets)

    def create_pet(
        self,
        *,
        name: str,
        tags: list[str] | None = None,
        status: models.PetStatus | None = None,
        timeout: float | None = None,
        deadline: float | None = None,
        max_attempts: int | None = None,
        retries: bool | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
        extra_body: Mapping[str, object] | None = None,
    ) -> _base.RawResponse[models.Pet]:
        """Like ``Pets2.create_pet``, but returns the raw response: status, headers, the number of
        attempts, and ``parse()``.
        """
        response = self._client.request(
            _CREATE_PET,
            _create_pet_request(name=name, tags=tags, status=status),
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
        return _base.RawResponse(_CREATE_PET, response, _parse_create_pet)

    def get_pet(
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
    ) -> _base.RawResponse[models.Pet]:
        """Like ``Pets2.get_pet``, but returns the raw response: status, headers, the number of
        attempts, and ``parse()``.
        """
        response = self._client.request(
            _GET_PET,
            _get_pet_request(pet_id=pet_id),
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
        return _base.RawResponse(_GET_PET, response, _parse_get_pet)

    def update_pet(
        self,
        *,
        pet_id: int,
        name: str,
        tags: list[str] | None = None,
        status: models.PetStatus | None = None,
        timeout: float | None = None,
        deadline: float | None = None,
        max_attempts: int | None = None,
        retries: bool | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
        extra_body: Mapping[str, object] | None = None,
    ) -> _base.RawResponse[models.Pet]:
        """Like ``Pets2.update_pet``, but returns the raw response: status, headers, the number of
        attempts, and ``parse()``.
        """
        response = self._client.request(
            _UPDATE_PET,
            _update_pet_request(pet_id=pet_id, name=name, tags=tags, status=status),
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
        return _base.RawResponse(_UPDATE_PET, response, _parse_update_pet)

    def delete_pet(
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
    ) -> _base.RawResponse[None]:
        """Like ``Pets2.delete_pet``, but returns the raw response: status, headers, the number of
        attempts, and ``parse()``.
        """
        response = self._client.request(
            _DELETE_PET,
            _delete_pet_request(pet_id=pet_id),
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
        return _base.RawResponse(_DELETE_PET, response, _parse_delete_pet)


class Pets2:
    """The pets in the catalogue.

    Reach it as ``client.pets``; ``with_raw_response`` has the same methods returning the raw
    response.
    """

    def __init__(self, client: _runtime.SyncRuntime) -> None:
        self._client = client
        self.with_raw_response = Pets2WithRawResponse(client)

    def list_pets(
        self,
        *,
        limit: int | None = None,
        tags: list[str] | None = None,
        status: models.PetStatus | None = None,
        timeout: float | None = None,
        deadline: float | None = None,
        max_attempts: int | None = None,
        retries: bool | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
        extra_body: Mapping[str, object] | None = None,
    ) -> list[models.Pet]:
        """List pets.

        Returns the pets in the catalogue, oldest first. Filter by status and
        by tags; a pet matches the tag filter when it carries any of the
        given tags.

        `GET /pets`. Retried on throttling (429), transient errors (502, 503, 504, one 500) and
        connection failures: 3 attempts within 60 s; each attempt times out after 0.9 s (3 x p99 of
        300 ms) or at the deadline.

        Args:
            limit: The largest number of pets to return.
            tags: Only pets carrying at least one of these tags. Repeat the parameter for each tag:
                `?tags=dog&tags=small`.
            status: Only pets with this status.
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
            The matching pets.

        Raises:
            APIError: The last attempt got an error status (``NotFoundError``, ``RateLimitError``,
                ... by status).
            APIConnectionError: No response: the connection failed, or (``APITimeoutError``) time
                ran out.
        """
        response = self._client.request(
            _LIST_PETS,
            _list_pets_request(limit=limit, tags=tags, status=status),
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
        return _base.parse_response(_LIST_PETS, response, _parse_list_pets)

    def create_pet(
        self,
        *,
        name: str,
        tags: list[str] | None = None,
        status: models.PetStatus | None = None,
        timeout: float | None = None,
        deadline: float | None = None,
        max_attempts: int | None = None,
        retries: bool | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
        extra_body: Mapping[str, object] | None = None,
    ) -> models.Pet:
        """Create a pet.

        Adds a pet to the catalogue and returns it with its new id. Every
        successful call creates a new pet, even when the body is the same as
        an earlier one.

        `POST /pets`. Not safe to retry: it accepts no idempotency key, so it is retried only when
        the request provably did not reach the server (a refused connection, 429): 3 attempts within
        60 s; each attempt times out after 0.9 s (3 x p99 of 300 ms) or at the deadline.

        Args:
            name: The pet's name.
            tags: Free-form labels used to find the pet.
            status: Where the pet stands in the shop.
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
            The pet was created.

        Raises:
            APIError: The last attempt got an error status (``NotFoundError``, ``RateLimitError``,
                ... by status).
            APIConnectionError: No response: the connection failed, or (``APITimeoutError``) time
                ran out.
        """
        response = self._client.request(
            _CREATE_PET,
            _create_pet_request(name=name, tags=tags, status=status),
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
        return _base.parse_response(_CREATE_PET, response, _parse_create_pet)

    def get_pet(
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
    ) -> models.Pet:
        """Get a pet.

        Returns one pet by its id.

        `GET /pets/{petId}`. Retried on throttling (429), transient errors (502, 503, 504, one 500)
        and connection failures: 3 attempts within 60 s; each attempt times out after 0.9 s (3 x p99
        of 300 ms) or at the deadline.

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
            The pet.

        Raises:
            APIError: The last attempt got an error status (``NotFoundError``, ``RateLimitError``,
                ... by status).
            APIConnectionError: No response: the connection failed, or (``APITimeoutError``) time
                ran out.
        """
        response = self._client.request(
            _GET_PET,
            _get_pet_request(pet_id=pet_id),
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
        return _base.parse_response(_GET_PET, response, _parse_get_pet)

    def update_pet(
        self,
        *,
        pet_id: int,
        name: str,
        tags: list[str] | None = None,
        status: models.PetStatus | None = None,
        timeout: float | None = None,
        deadline: float | None = None,
        max_attempts: int | None = None,
        retries: bool | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
        extra_body: Mapping[str, object] | None = None,
    ) -> models.Pet:
        """Replace a pet.

        Replaces every field of a pet with the fields given. Fields left out
        of the body are cleared. Sending the same body again leaves the pet
        as it is.

        `PUT /pets/{petId}`. Retried on throttling (429), transient errors (502, 503, 504, one 500)
        and connection failures: 3 attempts within 60 s; each attempt times out after 0.9 s (3 x p99
        of 300 ms) or at the deadline.

        Args:
            pet_id: The id of the pet. (Path parameter `petId`.)
            name: The pet's name.
            tags: Free-form labels used to find the pet.
            status: Where the pet stands in the shop.
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
            The pet after the update.

        Raises:
            APIError: The last attempt got an error status (``NotFoundError``, ``RateLimitError``,
                ... by status).
            APIConnectionError: No response: the connection failed, or (``APITimeoutError``) time
                ran out.
        """
        response = self._client.request(
            _UPDATE_PET,
            _update_pet_request(pet_id=pet_id, name=name, tags=tags, status=status),
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
        return _base.parse_response(_UPDATE_PET, response, _parse_update_pet)

    def delete_pet(
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
    ) -> None:
        """Delete a pet.

        Removes a pet and its photo from the catalogue. Deleting a pet that
        was already deleted returns 404 and changes nothing.

        `DELETE /pets/{petId}`. Retried on throttling (429), transient errors (502, 503, 504, one
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
            The pet was deleted.

        Raises:
            APIError: The last attempt got an error status (``NotFoundError``, ``RateLimitError``,
                ... by status).
            APIConnectionError: No response: the connection failed, or (``APITimeoutError``) time
                ran out.
        """
        self._client.request(
            _DELETE_PET,
            _delete_pet_request(pet_id=pet_id),
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


class AsyncPets2WithRawResponse:
    """The methods of ``AsyncPets2``, returning the raw response."""

    def __init__(self, client: _runtime.AsyncRuntime) -> None:
        self._client = client

    async def list_pets(
        self,
        *,
        limit: int | None = None,
        tags: list[str] | None = None,
        status: models.PetStatus | None = None,
        timeout: float | None = None,
        deadline: float | None = None,
        max_attempts: int | None = None,
        retries: bool | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
        extra_body: Mapping[str, object] | None = None,
    ) -> _base.RawResponse[list[models.Pet]]:
        """Like ``Pets2.list_pets``, but returns the raw response: status, headers, the number of
        attempts, and ``parse()``.
        """
        response = await self._client.request(
            _LIST_PETS,
            _list_pets_request(limit=limit, tags=tags, status=status),
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
        return _base.RawResponse(_LIST_PETS, response, _parse_list_pets)

    async def create_pet(
        self,
        *,
        name: str,
        tags: list[str] | None = None,
        status: models.PetStatus | None = None,
        timeout: float | None = None,
        deadline: float | None = None,
        max_attempts: int | None = None,
        retries: bool | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
        extra_body: Mapping[str, object] | None = None,
    ) -> _base.RawResponse[models.Pet]:
        """Like ``Pets2.create_pet``, but returns the raw response: status, headers, the number of
        attempts, and ``parse()``.
        """
        response = await self._client.request(
            _CREATE_PET,
            _create_pet_request(name=name, tags=tags, status=status),
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
        return _base.RawResponse(_CREATE_PET, response, _parse_create_pet)

    async def get_pet(
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
    ) -> _base.RawResponse[models.Pet]:
        """Like ``Pets2.get_pet``, but returns the raw response: status, headers, the number of
        attempts, and ``parse()``.
        """
        response = await self._client.request(
            _GET_PET,
            _get_pet_request(pet_id=pet_id),
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
        return _base.RawResponse(_GET_PET, response, _parse_get_pet)

    async def update_pet(
        self,
        *,
        pet_id: int,
        name: str,
        tags: list[str] | None = None,
        status: models.PetStatus | None = None,
        timeout: float | None = None,
        deadline: float | None = None,
        max_attempts: int | None = None,
        retries: bool | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
        extra_body: Mapping[str, object] | None = None,
    ) -> _base.RawResponse[models.Pet]:
        """Like ``Pets2.update_pet``, but returns the raw response: status, headers, the number of
        attempts, and ``parse()``.
        """
        response = await self._client.request(
            _UPDATE_PET,
            _update_pet_request(pet_id=pet_id, name=name, tags=tags, status=status),
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
        return _base.RawResponse(_UPDATE_PET, response, _parse_update_pet)

    async def delete_pet(
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
    ) -> _base.RawResponse[None]:
        """Like ``Pets2.delete_pet``, but returns the raw response: status, headers, the number of
        attempts, and ``parse()``.
        """
        response = await self._client.request(
            _DELETE_PET,
            _delete_pet_request(pet_id=pet_id),
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
        return _base.RawResponse(_DELETE_PET, response, _parse_delete_pet)


class AsyncPets2:
    """The pets in the catalogue.

    The asyncio twin of ``Pets2``.
    """

    def __init__(self, client: _runtime.AsyncRuntime) -> None:
        self._client = client
        self.with_raw_response = AsyncPets2WithRawResponse(client)

    async def list_pets(
        self,
        *,
        limit: int | None = None,
        tags: list[str] | None = None,
        status: models.PetStatus | None = None,
        timeout: float | None = None,
        deadline: float | None = None,
        max_attempts: int | None = None,
        retries: bool | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
        extra_body: Mapping[str, object] | None = None,
    ) -> list[models.Pet]:
        """List pets.

        Returns the pets in the catalogue, oldest first. Filter by status and
        by tags; a pet matches the tag filter when it carries any of the
        given tags.

        `GET /pets`. Retried on throttling (429), transient errors (502, 503, 504, one 500) and
        connection failures: 3 attempts within 60 s; each attempt times out after 0.9 s (3 x p99 of
        300 ms) or at the deadline.

        Args:
            limit: The largest number of pets to return.
            tags: Only pets carrying at least one of these tags. Repeat the parameter for each tag:
                `?tags=dog&tags=small`.
            status: Only pets with this status.
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
            The matching pets.

        Raises:
            APIError: The last attempt got an error status (``NotFoundError``, ``RateLimitError``,
                ... by status).
            APIConnectionError: No response: the connection failed, or (``APITimeoutError``) time
                ran out.
        """
        response = await self._client.request(
            _LIST_PETS,
            _list_pets_request(limit=limit, tags=tags, status=status),
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
        return _base.parse_response(_LIST_PETS, response, _parse_list_pets)

    async def create_pet(
        self,
        *,
        name: str,
        tags: list[str] | None = None,
        status: models.PetStatus | None = None,
        timeout: float | None = None,
        deadline: float | None = None,
        max_attempts: int | None = None,
        retries: bool | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
        extra_body: Mapping[str, object] | None = None,
    ) -> models.Pet:
        """Create a pet.

        Adds a pet to the catalogue and returns it with its new id. Every
        successful call creates a new pet, even when the body is the same as
        an earlier one.

        `POST /pets`. Not safe to retry: it accepts no idempotency key, so it is retried only when
        the request provably did not reach the server (a refused connection, 429): 3 attempts within
        60 s; each attempt times out after 0.9 s (3 x p99 of 300 ms) or at the deadline.

        Args:
            name: The pet's name.
            tags: Free-form labels used to find the pet.
            status: Where the pet stands in the shop.
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
            The pet was created.

        Raises:
            APIError: The last attempt got an error status (``NotFoundError``, ``RateLimitError``,
                ... by status).
            APIConnectionError: No response: the connection failed, or (``APITimeoutError``) time
                ran out.
        """
        response = await self._client.request(
            _CREATE_PET,
            _create_pet_request(name=name, tags=tags, status=status),
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
        return _base.parse_response(_CREATE_PET, response, _parse_create_pet)

    async def get_pet(
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
    ) -> models.Pet:
        """Get a pet.

        Returns one pet by its id.

        `GET /pets/{petId}`. Retried on throttling (429), transient errors (502, 503, 504, one 500)
        and connection failures: 3 attempts within 60 s; each attempt times out after 0.9 s (3 x p99
        of 300 ms) or at the deadline.

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
            The pet.

        Raises:
            APIError: The last attempt got an error status (``NotFoundError``, ``RateLimitError``,
                ... by status).
            APIConnectionError: No response: the connection failed, or (``APITimeoutError``) time
                ran out.
        """
        response = await self._client.request(
            _GET_PET,
            _get_pet_request(pet_id=pet_id),
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
        return _base.parse_response(_GET_PET, response, _parse_get_pet)

    async def update_pet(
        self,
        *,
        pet_id: int,
        name: str,
        tags: list[str] | None = None,
        status: models.PetStatus | None = None,
        timeout: float | None = None,
        deadline: float | None = None,
        max_attempts: int | None = None,
        retries: bool | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
        extra_body: Mapping[str, object] | None = None,
    ) -> models.Pet:
        """Replace a pet.

        Replaces every field of a pet with the fields given. Fields left out
        of the body are cleared. Sending the same body again leaves the pet
        as it is.

        `PUT /pets/{petId}`. Retried on throttling (429), transient errors (502, 503, 504, one 500)
        and connection failures: 3 attempts within 60 s; each attempt times out after 0.9 s (3 x p99
        of 300 ms) or at the deadline.

        Args:
            pet_id: The id of the pet. (Path parameter `petId`.)
            name: The pet's name.
            tags: Free-form labels used to find the pet.
            status: Where the pet stands in the shop.
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
            The pet after the update.

        Raises:
            APIError: The last attempt got an error status (``NotFoundError``, ``RateLimitError``,
                ... by status).
            APIConnectionError: No response: the connection failed, or (``APITimeoutError``) time
                ran out.
        """
        response = await self._client.request(
            _UPDATE_PET,
            _update_pet_request(pet_id=pet_id, name=name, tags=tags, status=status),
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
        return _base.parse_response(_UPDATE_PET, response, _parse_update_pet)

    async def delete_pet(
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
    ) -> None:
        """Delete a pet.

        Removes a pet and its photo from the catalogue. Deleting a pet that
        was already deleted returns 404 and changes nothing.

        `DELETE /pets/{petId}`. Retried on throttling (429), transient errors (502, 503, 504, one
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
            The pet was deleted.

        Raises:
            APIError: The last attempt got an error status (``NotFoundError``, ``RateLimitError``,
                ... by status).
            APIConnectionError: No response: the connection failed, or (``APITimeoutError``) time
                ran out.
        """
        await self._client.request(
            _DELETE_PET,
            _delete_pet_request(pet_id=pet_id),
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
