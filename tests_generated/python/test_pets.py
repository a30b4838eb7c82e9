"""The pets SDK: an API key header, query arrays, multipart uploads and
binary downloads."""

from __future__ import annotations

import io

import pytest

import pets
from conftest import Reply, Server
from pets import AsyncPets, Pets, RetryConfig

TINY = RetryConfig(base_ms=1, cap_ms=2)
PET = {"id": 42, "name": "Rex", "tags": ["dog"], "status": "available"}


def test_api_key_and_exploded_query_arrays(server: Server) -> None:
    server.script(Reply(200, [PET]))
    with Pets(api_key="k_1", base_url=server.url + "/v1", retry_config=TINY) as c:
        found = c.pets.list_pets(tags=["dog", "small one"], status="available", limit=3)
    assert [p.name for p in found] == ["Rex"]
    assert found[0].id == 42
    seen = server.seen[0]
    assert seen.header("X-API-Key") == "k_1"
    assert seen.path == "/v1/pets?limit=3&tags=dog&tags=small%20one&status=available"


def test_multipart_upload_sends_the_file_and_the_caption(server: Server) -> None:
    server.script(Reply(503), Reply(204))
    with Pets(api_key="k_1", base_url=server.url + "/v1", retry_config=TINY) as c:
        raw = c.photos.with_raw_response.upload_pet_photo(
            pet_id=42, file=("rex.png", io.BytesIO(b"\x89PNG..."), "image/png"), caption="Rex"
        )
    assert raw.status == 204
    assert raw.parse() is None
    assert len(server.seen) == 2
    first, second = server.seen
    assert first.body == second.body, "the body is built once and sent again as is"
    content_type = first.header("Content-Type") or ""
    assert content_type.startswith("multipart/form-data; boundary=")
    body = first.body
    assert b'name="file"; filename="rex.png"' in body
    assert b"Content-Type: image/png\r\n\r\n\x89PNG...\r\n" in body
    assert b'name="caption"' in body and b"\r\n\r\nRex\r\n" in body
    assert first.path == "/v1/pets/42/photo"


def test_a_file_part_without_a_type_takes_the_declared_one(server: Server) -> None:
    # The spec's encoding declares `image/png, image/jpeg` for the file: the
    # first is the part's type when the caller gives none.
    server.script(Reply(204))
    with Pets(api_key="k_1", base_url=server.url + "/v1", retry_config=TINY) as c:
        c.photos.upload_pet_photo(pet_id=1, file=b"\x89PNG")
    assert b'filename="file"\r\nContent-Type: image/png\r\n\r\n\x89PNG' in server.seen[0].body


@pytest.mark.asyncio
async def test_async_binary_download_hands_back_the_response_to_read(server: Server) -> None:
    server.script(Reply(200, raw=b"\x89PNG\x00\xff", content_type="image/png"))
    async with (
        AsyncPets(api_key="k_1", base_url=server.url + "/v1", retry_config=TINY) as c,
        await c.photos.download_pet_photo(pet_id=7) as photo,
    ):
        assert photo.content_type == "image/png"
        assert await photo.read() == b"\x89PNG\x00\xff"


def test_default_responses_raise_typed_errors(server: Server) -> None:
    server.script(Reply(404, {"code": 404, "message": "No pet has the id 9."}))
    with (
        Pets(api_key="k_1", base_url=server.url + "/v1", retry_config=TINY) as c,
        pytest.raises(pets.NotFoundError) as caught,
    ):
        c.pets.delete_pet(pet_id=9)
    assert caught.value.message == "No pet has the id 9."


def test_models_become_dataclasses_on_first_use() -> None:
    """Importing ``models`` defers the dataclass work; every way of using a
    class finishes it first, from any thread, once."""
    import dataclasses
    import threading

    from pets import models

    names = [f.name for f in dataclasses.fields(models.Pet)]
    assert "name" in names
    assert dataclasses.is_dataclass(models.NewPet)
    assert not dataclasses.is_dataclass(models._base.Model)

    results: list[models.Error] = []

    def make() -> None:
        results.append(models.Error.from_dict({"code": 1, "message": "no"}))

    threads = [threading.Thread(target=make) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(results) == 8
    assert all(r == results[0] for r in results)
    assert repr(results[0]) == "Error(code=1, message='no')"
    assert hash(results[0]) == hash(results[1])
    with pytest.raises(dataclasses.FrozenInstanceError):
        results[0].code = 2  # type: ignore[misc]


def _run_fresh(code: str) -> str:
    """Runs ``code`` in a new interpreter, where no model is finished yet."""
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_deferred_models_in_a_fresh_interpreter() -> None:
    """What a deferred class must get right before anything else used it."""
    out = _run_fresh(
        "import dataclasses, inspect, pickle\n"
        "from pets import models\n"
        "class Mine(models.Pet):\n"
        "    pass\n"
        "m = Mine(name='Rex', id=1)\n"
        "print(type(m).__name__, m.name, dataclasses.is_dataclass(Mine))\n"
        "print(inspect.signature(models.NewPet))\n"
        "print(models.Error.__match_args__)\n"
        "e = models.Error(code=1, message='no')\n"
        "print(dataclasses.replace(e, code=2), dataclasses.asdict(e))\n"
    )
    assert out.splitlines() == [
        "Mine Rex True",
        "(name: 'str', tags: 'list[str] | None' = None, status: 'PetStatus | None' = None) -> None",
        "('code', 'message')",
        "Error(code=2, message='no') {'code': 1, 'message': 'no'}",
    ]
    data = _run_fresh(
        "import pickle\n"
        "from pets import models\n"
        "print(pickle.dumps(models.Pet(name='Rex', id=1, tags=['a'])).hex())\n"
    )
    out = _run_fresh(
        "import pickle\n"
        "from pets import models\n"
        f"p = pickle.loads(bytes.fromhex('{data}'))\n"
        "print(p == models.Pet(name='Rex', id=1, tags=['a']), p)\n"
    )
    assert out == "True Pet(name='Rex', id=1, tags=['a'], status=None)"
