"""The `accounts` operations."""

from __future__ import annotations

from collections.abc import Mapping

from .. import _base, _runtime, models

_LIST_ACCOUNTS = _runtime.Operation(
    name="listAccounts",
    method="GET",
    retry_class=_runtime.RetryClass.SAFE,
)
_LIST_ACCOUNTS_PAGES = _runtime.Pagination(
    style="page",
    param="page",
    size_param="per_page",
    items=("accounts",),
)

_CREATE_ACCOUNT = _runtime.Operation(
    name="createAccount",
    method="POST",
    retry_class=_runtime.RetryClass.KEYED,
    key_header="Idempotency-Key",
    key_max_length=255,
    failures=_runtime.FailurePolicy.REATTEMPT,
    in_flight_code="concurrent_idempotent_requests",
    mismatch_code="invalid_idempotent_request",
)

_GET_ACCOUNT = _runtime.Operation(
    name="getAccount",
    method="GET",
    retry_class=_runtime.RetryClass.SAFE,
)

_REPLACE_ACCOUNT = _runtime.Operation(
    name="replaceAccount",
    method="PUT",
    retry_class=_runtime.RetryClass.IDEMPOTENT,
)

_ADD_ACCOUNT_NOTE = _runtime.Operation(
    name="addAccountNote",
    method="PUT",
    retry_class=_runtime.RetryClass.UNSAFE,
)


def _list_accounts_request(
    *,
    page: int | None,
    per_page: int | None,
    email: str | None,
) -> _runtime.Request:
    query_pairs_ = [
        *_runtime.query_param("page", page),
        *_runtime.query_param("per_page", per_page),
        *_runtime.query_param("email", email),
    ]
    return _runtime.Request("GET", "/accounts", query=query_pairs_)


def _parse_list_accounts(response: _runtime.Response) -> models.ListAccountsResponse:
    return models.ListAccountsResponse.from_dict(response.json())


def _create_account_request(
    *,
    email: str,
    name: str,
    plan: models.AccountInputPlan | None,
    phone: str | _base.NotGiven | None,
) -> _runtime.Request:
    body: _base.JsonObject = {"email": email, "name": name}
    if plan is not None:
        body["plan"] = plan
    if not isinstance(phone, _base.NotGiven):
        body["phone"] = phone
    return _runtime.Request("POST", "/accounts", json=_base.to_json(body))


def _parse_create_account(response: _runtime.Response) -> models.Account:
    return models.Account.from_dict(response.json())


def _get_account_request(
    *,
    account_id: str,
) -> _runtime.Request:
    return _runtime.Request(
        "GET",
        _runtime.encode_path("/accounts/{account_id}", {"account_id": account_id}),
    )


def _parse_get_account(response: _runtime.Response) -> models.Account:
    return models.Account.from_dict(response.json())


def _replace_account_request(
    *,
    account_id: str,
    email: str,
    name: str,
    plan: models.AccountInputPlan | None,
    phone: str | _base.NotGiven | None,
) -> _runtime.Request:
    body: _base.JsonObject = {"email": email, "name": name}
    if plan is not None:
        body["plan"] = plan
    if not isinstance(phone, _base.NotGiven):
        body["phone"] = phone
    return _runtime.Request(
        "PUT",
        _runtime.encode_path("/accounts/{account_id}", {"account_id": account_id}),
        json=_base.to_json(body),
    )


def _parse_replace_account(response: _runtime.Response) -> models.Account:
    return models.Account.from_dict(response.json())


def _add_account_note_request(
    *,
    account_id: str,
    text: str,
    author: str | None,
) -> _runtime.Request:
    body: _base.JsonObject = {"text": text}
    if author is not None:
        body["author"] = author
    return _runtime.Request(
        "PUT",
        _runtime.encode_path("/accounts/{account_id}/notes", {"account_id": account_id}),
        json=_base.to_json(body),
    )


def _parse_add_account_note(response: _runtime.Response) -> models.ActivityEntry:
    return models.ActivityEntry.from_dict(response.json())


class Accounts2WithRawResponse:
    """The methods of ``Accounts2``, returning the raw response."""

    def __init__(self, client: _runtime.SyncRuntime) -> None:
        self._client = client

    def list_accounts(
        self,
        *,
        page: int | None = None,
        per_page: int | None = None,
        email: str | None = None,
        timeout: float | None = None,
        deadline: float | None = None,
        max_attempts: int | None = None,
        retries: bool | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
        extra_body: Mapping[str, object] | None = None,
    ) -> _base.RawResponse[models.ListAccountsResponse]:
        """Like ``Accounts2.list_accounts``, but returns the first page's raw response: status,
        headers, the number of attempts, and ``parse()`` for the page.
        """
        response = self._client.request(
            _LIST_ACCOUNTS,
            _list_accounts_request(page=page, per_page=per_page, email=email),
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
        return _base.RawResponse(_LIST_ACCOUNTS, response, _parse_list_accounts)

    def create_account(
        self,
        *,
        email: str,
        name: str,
        plan: models.AccountInputPlan | None = None,
        phone: str | _base.NotGiven | None = _base.NOT_GIVEN,
        idempotency_key: str | None = None,
        timeout: float | None = None,
        deadline: float | None = None,
        max_attempts: int | None = None,
        retries: bool | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
        extra_body: Mapping[str, object] | None = None,
    ) -> _base.RawResponse[models.Account]:
        """Like ``Accounts2.create_account``, but returns the raw response: status, headers, the
        number of attempts, and ``parse()``.
        """
        response = self._client.request(
            _CREATE_ACCOUNT,
            _create_account_request(email=email, name=name, plan=plan, phone=phone),
            _runtime.call_options(
                idempotency_key=idempotency_key,
                timeout=timeout,
                deadline=deadline,
                max_attempts=max_attempts,
                retries=retries,
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
            ),
        )
        return _base.RawResponse(_CREATE_ACCOUNT, response, _parse_create_account)

    def get_account(
        self,
        *,
        account_id: str,
        timeout: float | None = None,
        deadline: float | None = None,
        max_attempts: int | None = None,
        retries: bool | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
        extra_body: Mapping[str, object] | None = None,
    ) -> _base.RawResponse[models.Account]:
        """Like ``Accounts2.get_account``, but returns the raw response: status, headers, the number
        of attempts, and ``parse()``.
        """
        response = self._client.request(
            _GET_ACCOUNT,
            _get_account_request(account_id=account_id),
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
        return _base.RawResponse(_GET_ACCOUNT, response, _parse_get_account)

    def replace_account(
        self,
        *,
        account_id: str,
        email: str,
        name: str,
        plan: models.AccountInputPlan | None = None,
        phone: str | _base.NotGiven | None = _base.NOT_GIVEN,
        timeout: float | None = None,
        deadline: float | None = None,
        max_attempts: int | None = None,
        retries: bool | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
        extra_body: Mapping[str, object] | None = None,
    ) -> _base.RawResponse[models.Account]:
        """Like ``Accounts2.replace_account``, but returns the raw response: status, headers, the
        number of attempts, and ``parse()``.
        """
        response = self._client.request(
            _REPLACE_ACCOUNT,
            _replace_account_request(
                account_id=account_id,
                email=email,
                name=name,
                plan=plan,
                phone=phone,
            ),
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
        return _base.RawResponse(_REPLACE_ACCOUNT, response, _parse_replace_account)

    def add_account_note(
        self,
        *,
        account_id: str,
        text: str,
        author: str | None = None,
        timeout: float | None = None,
        deadline: float | None = None,
        max_attempts: int | None = None,
        retries: bool | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
        extra_body: Mapping[str, object] | None = None,
    ) -> _base.RawResponse[models.ActivityEntry]:
        """Like ``Accounts2.add_account_note``, but returns the raw response: status, headers, the
        number of attempts, and ``parse()``.
        """
        response = self._client.request(
            _ADD_ACCOUNT_NOTE,
            _add_account_note_request(account_id=account_id, text=text, author=author),
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
        return _base.RawResponse(_ADD_ACCOUNT_NOTE, response, _parse_add_account_note)


class Accounts2:
    """The `accounts` operations.

    Reach it as ``client.accounts``; ``with_raw_response`` has the same methods returning the raw
    response.
    """

    def __init__(self, client: _runtime.SyncRuntime) -> None:
        self._client = client
        self.with_raw_response = Accounts2WithRawResponse(client)

    def list_accounts(
        self,
        *,
        page: int | None = None,
        per_page: int | None = None,
        email: str | None = None,
        timeout: float | None = None,
        deadline: float | None = None,
        max_attempts: int | None = None,
        retries: bool | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
        extra_body: Mapping[str, object] | None = None,
    ) -> _runtime.SyncPager[models.Account]:
        """List accounts.

        `GET /accounts`. Retried on throttling (429), transient errors (502, 503, 504, one 500) and
        connection failures: 3 attempts within 60 s; each attempt may use the time left before the
        deadline.

        Walks every page: iterate the pager for every item of every page (``for``, or ``async for``
        on the asyncio client), call ``pages()`` for the pages themselves, or ``first_page()``
        (``await`` the pager on the asyncio client) for the first page alone. A page is fetched when
        iteration reaches it, as a call of its own with the retries above. The next page sends
        `page` plus one (pages count from 1); the last page is an empty one. ``per_page`` sets the
        size of a page.

        Args:
            page: The page number, starting at 1.
            per_page: Query parameter `per_page`.
            email: Only the account with this email address.
            timeout: Seconds for the whole call of each page, every attempt and sleep included
                (default: 60 s).
            deadline: An absolute deadline on the monotonic clock (see ``deadline_from_headers``);
                the earlier of ``timeout`` and ``deadline`` wins.
            max_attempts: Attempts in all for each page, the first one included (default: 3).
            retries: ``False`` makes the call of each page a single attempt.
            extra_headers: Headers added to every attempt of every page.
            extra_query: Query parameters sent after the operation's own: one the API added after
                this SDK was made.
            extra_body: Properties merged into the JSON body, over the SDK's own of the same name.

        Returns:
            A pager of ``models.Account``, every item of every page in order.

        Raises:
            APIError: The last attempt got an error status (``NotFoundError``, ``RateLimitError``,
                ... by status).
            APIConnectionError: No response: the connection failed, or (``APITimeoutError``) time
                ran out.
            PaginationError: A page the walk cannot go on from: no list of items where the API puts
                it, the same cursor again, or a next page on another origin than the API's. The
                items of the pages before it were delivered.
        """
        return _runtime.SyncPager(
            self._client,
            _LIST_ACCOUNTS,
            _list_accounts_request(page=page, per_page=per_page, email=email),
            _runtime.call_options(
                timeout=timeout,
                deadline=deadline,
                max_attempts=max_attempts,
                retries=retries,
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
            ),
            _LIST_ACCOUNTS_PAGES,
            models.Account.from_dict,
        )

    def create_account(
        self,
        *,
        email: str,
        name: str,
        plan: models.AccountInputPlan | None = None,
        phone: str | _base.NotGiven | None = _base.NOT_GIVEN,
        idempotency_key: str | None = None,
        timeout: float | None = None,
        deadline: float | None = None,
        max_attempts: int | None = None,
        retries: bool | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
        extra_body: Mapping[str, object] | None = None,
    ) -> models.Account:
        """Create an account.

        Opens a new account. Pass a unique `Idempotency-Key` to make the
        request safe to retry: a second request with the same key returns
        the account created by the first instead of opening another.

        `POST /accounts`. Sends `Idempotency-Key` with the same key on every attempt, so the API
        collapses duplicates; retried on throttling (429), transient errors (502, 503, 504, one
        500), the in-flight 409 and connection failures: 3 attempts within 60 s; each attempt may
        use the time left before the deadline.

        Args:
            email: Field `email` of the body.
            name: Field `name` of the body.
            plan: Field `plan` of the body. Left out, the API takes its default, ``"free"``.
            phone: Field `phone` of the body. ``None`` sends ``null``; leave it out to leave the
                field out.
            idempotency_key: The key sent on every attempt (default: a UUID v4 made once for this
                call and reused by its retries). Derive it from an identifier you already hold, such
                as your order id, so that a retry after a crash sends the same key.
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
            Created

        Raises:
            APIError: The last attempt got an error status (``NotFoundError``, ``RateLimitError``,
                ... by status).
            IdempotencyInFlightError: A request with the same key was still being processed on the
                last attempt.
            IdempotencyMismatchError: The key was already used with a different request: a bug in
                the caller.
            InvalidIdempotencyKeyError: The key is not 1 to the allowed number of visible ASCII
                characters; nothing was sent.
            APIConnectionError: No response: the connection failed, or (``APITimeoutError``) time
                ran out.
        """
        response = self._client.request(
            _CREATE_ACCOUNT,
            _create_account_request(email=email, name=name, plan=plan, phone=phone),
            _runtime.call_options(
                idempotency_key=idempotency_key,
                timeout=timeout,
                deadline=deadline,
                max_attempts=max_attempts,
                retries=retries,
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
            ),
        )
        return _base.parse_response(_CREATE_ACCOUNT, response, _parse_create_account)

    def get_account(
        self,
        *,
        account_id: str,
        timeout: float | None = None,
        deadline: float | None = None,
        max_attempts: int | None = None,
        retries: bool | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
        extra_body: Mapping[str, object] | None = None,
    ) -> models.Account:
        """Get an account.

        `GET /accounts/{account_id}`. Retried on throttling (429), transient errors (502, 503, 504,
        one 500) and connection failures: 3 attempts within 60 s; each attempt may use the time left
        before the deadline.

        Args:
            account_id: Path parameter `account_id`.
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
            OK

        Raises:
            APIError: The last attempt got an error status (``NotFoundError``, ``RateLimitError``,
                ... by status).
            APIConnectionError: No response: the connection failed, or (``APITimeoutError``) time
                ran out.
        """
        response = self._client.request(
            _GET_ACCOUNT,
            _get_account_request(account_id=account_id),
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
        return _base.parse_response(_GET_ACCOUNT, response, _parse_get_account)

    def replace_account(
        self,
        *,
        account_id: str,
        email: str,
        name: str,
        plan: models.AccountInputPlan | None = None,
        phone: str | _base.NotGiven | None = _base.NOT_GIVEN,
        timeout: float | None = None,
        deadline: float | None = None,
        max_attempts: int | None = None,
        retries: bool | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
        extra_body: Mapping[str, object] | None = None,
    ) -> models.Account:
        """Replace an account.

        Replaces the account's details with the ones given. Fields left out
        are reset to their defaults.

        `PUT /accounts/{account_id}`. Retried on throttling (429), transient errors (502, 503, 504,
        one 500) and connection failures: 3 attempts within 60 s; each attempt may use the time left
        before the deadline.

        Args:
            account_id: Path parameter `account_id`.
            email: Field `email` of the body.
            name: Field `name` of the body.
            plan: Field `plan` of the body. Left out, the API takes its default, ``"free"``.
            phone: Field `phone` of the body. ``None`` sends ``null``; leave it out to leave the
                field out.
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
            OK

        Raises:
            APIError: The last attempt got an error status (``NotFoundError``, ``RateLimitError``,
                ... by status).
            APIConnectionError: No response: the connection failed, or (``APITimeoutError``) time
                ran out.
        """
        response = self._client.request(
            _REPLACE_ACCOUNT,
            _replace_account_request(
                account_id=account_id,
                email=email,
                name=name,
                plan=plan,
                phone=phone,
            ),
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
        return _base.parse_response(_REPLACE_ACCOUNT, response, _parse_replace_account)

    def add_account_note(
        self,
        *,
        account_id: str,
        text: str,
        author: str | None = None,
        timeout: float | None = None,
        deadline: float | None = None,
        max_attempts: int | None = None,
        retries: bool | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
        extra_body: Mapping[str, object] | None = None,
    ) -> models.ActivityEntry:
        """Append a note to the account's activity log.

        Appends a note to the account's activity log. Each time this is
        called a new entry is added at the end of the log, with the text
        given and the time of the call.

        `PUT /accounts/{account_id}/notes`. Not safe to retry: it accepts no idempotency key, so it
        is retried only when the request provably did not reach the server (a refused connection,
        429): 3 attempts within 60 s; each attempt may use the time left before the deadline.

        Args:
            account_id: Path parameter `account_id`.
            text: Field `text` of the body.
            author: Who wrote the note; the API key's owner when left out.
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
            The log entry that was added.

        Raises:
            APIError: The last attempt got an error status (``NotFoundError``, ``RateLimitError``,
                ... by status).
            APIConnectionError: No response: the connection failed, or (``APITimeoutError``) time
                ran out.
        """
        response = self._client.request(
            _ADD_ACCOUNT_NOTE,
            _add_account_note_request(account_id=account_id, text=text, author=author),
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
        return _base.parse_response(_ADD_ACCOUNT_NOTE, response, _parse_add_account_note)


class AsyncAccounts2WithRawResponse:
    """The methods of ``AsyncAccounts2``, returning the raw response."""

    def __init__(self, client: _runtime.AsyncRuntime) -> None:
        self._client = client

    async def list_accounts(
        self,
        *,
        page: int | None = None,
        per_page: int | None = None,
        email: str | None = None,
        timeout: float | None = None,
        deadline: float | None = None,
        max_attempts: int | None = None,
        retries: bool | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
        extra_body: Mapping[str, object] | None = None,
    ) -> _base.RawResponse[models.ListAccountsResponse]:
        """Like ``Accounts2.list_accounts``, but returns the first page's raw response: status,
        headers, the number of attempts, and ``parse()`` for the page.
        """
        response = await self._client.request(
            _LIST_ACCOUNTS,
            _list_accounts_request(page=page, per_page=per_page, email=email),
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
        return _base.RawResponse(_LIST_ACCOUNTS, response, _parse_list_accounts)

    async def create_account(
        self,
        *,
        email: str,
        name: str,
        plan: models.AccountInputPlan | None = None,
        phone: str | _base.NotGiven | None = _base.NOT_GIVEN,
        idempotency_key: str | None = None,
        timeout: float | None = None,
        deadline: float | None = None,
        max_attempts: int | None = None,
        retries: bool | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
        extra_body: Mapping[str, object] | None = None,
    ) -> _base.RawResponse[models.Account]:
        """Like ``Accounts2.create_account``, but returns the raw response: status, headers, the
        number of attempts, and ``parse()``.
        """
        response = await self._client.request(
            _CREATE_ACCOUNT,
            _create_account_request(email=email, name=name, plan=plan, phone=phone),
            _runtime.call_options(
                idempotency_key=idempotency_key,
                timeout=timeout,
                deadline=deadline,
                max_attempts=max_attempts,
                retries=retries,
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
            ),
        )
        return _base.RawResponse(_CREATE_ACCOUNT, response, _parse_create_account)

    async def get_account(
        self,
        *,
        account_id: str,
        timeout: float | None = None,
        deadline: float | None = None,
        max_attempts: int | None = None,
        retries: bool | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
        extra_body: Mapping[str, object] | None = None,
    ) -> _base.RawResponse[models.Account]:
        """Like ``Accounts2.get_account``, but returns the raw response: status, headers, the number
        of attempts, and ``parse()``.
        """
        response = await self._client.request(
            _GET_ACCOUNT,
            _get_account_request(account_id=account_id),
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
        return _base.RawResponse(_GET_ACCOUNT, response, _parse_get_account)

    async def replace_account(
        self,
        *,
        account_id: str,
        email: str,
        name: str,
        plan: models.AccountInputPlan | None = None,
        phone: str | _base.NotGiven | None = _base.NOT_GIVEN,
        timeout: float | None = None,
        deadline: float | None = None,
        max_attempts: int | None = None,
        retries: bool | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
        extra_body: Mapping[str, object] | None = None,
    ) -> _base.RawResponse[models.Account]:
        """Like ``Accounts2.replace_account``, but returns the raw response: status, headers, the
        number of attempts, and ``parse()``.
        """
        response = await self._client.request(
            _REPLACE_ACCOUNT,
            _replace_account_request(
                account_id=account_id,
                email=email,
                name=name,
                plan=plan,
                phone=phone,
            ),
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
        return _base.RawResponse(_REPLACE_ACCOUNT, response, _parse_replace_account)

    async def add_account_note(
        self,
        *,
        account_id: str,
        text: str,
        author: str | None = None,
        timeout: float | None = None,
        deadline: float | None = None,
        max_attempts: int | None = None,
        retries: bool | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
        extra_body: Mapping[str, object] | None = None,
    ) -> _base.RawResponse[models.ActivityEntry]:
        """Like ``Accounts2.add_account_note``, but returns the raw response: status, headers, the
        number of attempts, and ``parse()``.
        """
        response = await self._client.request(
            _ADD_ACCOUNT_NOTE,
            _add_account_note_request(account_id=account_id, text=text, author=author),
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
        return _base.RawResponse(_ADD_ACCOUNT_NOTE, response, _parse_add_account_note)


class AsyncAccounts2:
    """The `accounts` operations.

    The asyncio twin of ``Accounts2``.
    """

    def __init__(self, client: _runtime.AsyncRuntime) -> None:
        self._client = client
        self.with_raw_response = AsyncAccounts2WithRawResponse(client)

    def list_accounts(
        self,
        *,
        page: int | None = None,
        per_page: int | None = None,
        email: str | None = None,
        timeout: float | None = None,
        deadline: float | None = None,
        max_attempts: int | None = None,
        retries: bool | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
        extra_body: Mapping[str, object] | None = None,
    ) -> _runtime.AsyncPager[models.Account]:
        """List accounts.

        `GET /accounts`. Retried on throttling (429), transient errors (502, 503, 504, one 500) and
        connection failures: 3 attempts within 60 s; each attempt may use the time left before the
        deadline.

        Walks every page: iterate the pager for every item of every page (``for``, or ``async for``
        on the asyncio client), call ``pages()`` for the pages themselves, or ``first_page()``
        (``await`` the pager on the asyncio client) for the first page alone. A page is fetched when
        iteration reaches it, as a call of its own with the retries above. The next page sends
        `page` plus one (pages count from 1); the last page is an empty one. ``per_page`` sets the
        size of a page.

        Args:
            page: The page number, starting at 1.
            per_page: Query parameter `per_page`.
            email: Only the account with this email address.
            timeout: Seconds for the whole call of each page, every attempt and sleep included
                (default: 60 s).
            deadline: An absolute deadline on the monotonic clock (see ``deadline_from_headers``);
                the earlier of ``timeout`` and ``deadline`` wins.
            max_attempts: Attempts in all for each page, the first one included (default: 3).
            retries: ``False`` makes the call of each page a single attempt.
            extra_headers: Headers added to every attempt of every page.
            extra_query: Query parameters sent after the operation's own: one the API added after
                this SDK was made.
            extra_body: Properties merged into the JSON body, over the SDK's own of the same name.

        Returns:
            A pager of ``models.Account``, every item of every page in order.

        Raises:
            APIError: The last attempt got an error status (``NotFoundError``, ``RateLimitError``,
                ... by status).
            APIConnectionError: No response: the connection failed, or (``APITimeoutError``) time
                ran out.
            PaginationError: A page the walk cannot go on from: no list of items where the API puts
                it, the same cursor again, or a next page on another origin than the API's. The
                items of the pages before it were delivered.
        """
        return _runtime.AsyncPager(
            self._client,
            _LIST_ACCOUNTS,
            _list_accounts_request(page=page, per_page=per_page, email=email),
            _runtime.call_options(
                timeout=timeout,
                deadline=deadline,
                max_attempts=max_attempts,
                retries=retries,
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
            ),
            _LIST_ACCOUNTS_PAGES,
            models.Account.from_dict,
        )

    async def create_account(
        self,
        *,
        email: str,
        name: str,
        plan: models.AccountInputPlan | None = None,
        phone: str | _base.NotGiven | None = _base.NOT_GIVEN,
        idempotency_key: str | None = None,
        timeout: float | None = None,
        deadline: float | None = None,
        max_attempts: int | None = None,
        retries: bool | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
        extra_body: Mapping[str, object] | None = None,
    ) -> models.Account:
        """Create an account.

        Opens a new account. Pass a unique `Idempotency-Key` to make the
        request safe to retry: a second request with the same key returns
        the account created by the first instead of opening another.

        `POST /accounts`. Sends `Idempotency-Key` with the same key on every attempt, so the API
        collapses duplicates; retried on throttling (429), transient errors (502, 503, 504, one
        500), the in-flight 409 and connection failures: 3 attempts within 60 s; each attempt may
        use the time left before the deadline.

        Args:
            email: Field `email` of the body.
            name: Field `name` of the body.
            plan: Field `plan` of the body. Left out, the API takes its default, ``"free"``.
            phone: Field `phone` of the body. ``None`` sends ``null``; leave it out to leave the
                field out.
            idempotency_key: The key sent on every attempt (default: a UUID v4 made once for this
                call and reused by its retries). Derive it from an identifier you already hold, such
                as your order id, so that a retry after a crash sends the same key.
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
            Created

        Raises:
            APIError: The last attempt got an error status (``NotFoundError``, ``RateLimitError``,
                ... by status).
            IdempotencyInFlightError: A request with the same key was still being processed on the
                last attempt.
            IdempotencyMismatchError: The key was already used with a different request: a bug in
                the caller.
            InvalidIdempotencyKeyError: The key is not 1 to the allowed number of visible ASCII
                characters; nothing was sent.
            APIConnectionError: No response: the connection failed, or (``APITimeoutError``) time
                ran out.
        """
        response = await self._client.request(
            _CREATE_ACCOUNT,
            _create_account_request(email=email, name=name, plan=plan, phone=phone),
            _runtime.call_options(
                idempotency_key=idempotency_key,
                timeout=timeout,
                deadline=deadline,
                max_attempts=max_attempts,
                retries=retries,
                extra_headers=extra_headers,
                extra_query=extra_query,
                extra_body=extra_body,
            ),
        )
        return _base.parse_response(_CREATE_ACCOUNT, response, _parse_create_account)

    async def get_account(
        self,
        *,
        account_id: str,
        timeout: float | None = None,
        deadline: float | None = None,
        max_attempts: int | None = None,
        retries: bool | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
        extra_body: Mapping[str, object] | None = None,
    ) -> models.Account:
        """Get an account.

        `GET /accounts/{account_id}`. Retried on throttling (429), transient errors (502, 503, 504,
        one 500) and connection failures: 3 attempts within 60 s; each attempt may use the time left
        before the deadline.

        Args:
            account_id: Path parameter `account_id`.
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
            OK

        Raises:
            APIError: The last attempt got an error status (``NotFoundError``, ``RateLimitError``,
                ... by status).
            APIConnectionError: No response: the connection failed, or (``APITimeoutError``) time
                ran out.
        """
        response = await self._client.request(
            _GET_ACCOUNT,
            _get_account_request(account_id=account_id),
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
        return _base.parse_response(_GET_ACCOUNT, response, _parse_get_account)

    async def replace_account(
        self,
        *,
        account_id: str,
        email: str,
        name: str,
        plan: models.AccountInputPlan | None = None,
        phone: str | _base.NotGiven | None = _base.NOT_GIVEN,
        timeout: float | None = None,
        deadline: float | None = None,
        max_attempts: int | None = None,
        retries: bool | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
        extra_body: Mapping[str, object] | None = None,
    ) -> models.Account:
        """Replace an account.

        Replaces the account's details with the ones given. Fields left out
        are reset to their defaults.

        `PUT /accounts/{account_id}`. Retried on throttling (429), transient errors (502, 503, 504,
        one 500) and connection failures: 3 attempts within 60 s; each attempt may use the time left
        before the deadline.

        Args:
            account_id: Path parameter `account_id`.
            email: Field `email` of the body.
            name: Field `name` of the body.
            plan: Field `plan` of the body. Left out, the API takes its default, ``"free"``.
            phone: Field `phone` of the body. ``None`` sends ``null``; leave it out to leave the
                field out.
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
            OK

        Raises:
            APIError: The last attempt got an error status (``NotFoundError``, ``RateLimitError``,
                ... by status).
            APIConnectionError: No response: the connection failed, or (``APITimeoutError``) time
                ran out.
        """
        response = await self._client.request(
            _REPLACE_ACCOUNT,
            _replace_account_request(
                account_id=account_id,
                email=email,
                name=name,
                plan=plan,
                phone=phone,
            ),
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
        return _base.parse_response(_REPLACE_ACCOUNT, response, _parse_replace_account)

    async def add_account_note(
        self,
        *,
        account_id: str,
        text: str,
        author: str | None = None,
        timeout: float | None = None,
        deadline: float | None = None,
        max_attempts: int | None = None,
        retries: bool | None = None,
        extra_headers: Mapping[str, str] | None = None,
        extra_query: Mapping[str, object] | None = None,
        extra_body: Mapping[str, object] | None = None,
    ) -> models.ActivityEntry:
        """Append a note to the account's activity log.

        Appends a note to the account's activity log. Each time this is
        called a new entry is added at the end of the log, with the text
        given and the time of the call.

        `PUT /accounts/{account_id}/notes`. Not safe to retry: it accepts no idempotency key, so it
        is retried only when the request provably did not reach the server (a refused connection,
        429): 3 attempts within 60 s; each attempt may use the time left before the deadline.

        Args:
            account_id: Path parameter `account_id`.
            text: Field `text` of the body.
            author: Who wrote the note; the API key's owner when left out.
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
            The log entry that was added.

        Raises:
            APIError: The last attempt got an error status (``NotFoundError``, ``RateLimitError``,
                ... by status).
            APIConnectionError: No response: the connection failed, or (``APITimeoutError``) time
                ran out.
        """
        response = await self._client.request(
            _ADD_ACCOUNT_NOTE,
            _add_account_note_request(account_id=account_id, text=text, author=author),
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
        return _base.parse_response(_ADD_ACCOUNT_NOTE, response, _parse_add_account_note)
