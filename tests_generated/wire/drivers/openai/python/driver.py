"""The Python driver of the wire suite's OpenAI calls: every call of
openai.calls.json, made through the Python SDK generated from
the corpus's openai.yaml (the blocking client), one fresh client per call. The driver
protocol is the equivalence test's (tests_generated/equivalence/README.md);
this file repeats its argument parsing and outcome lines.

The generated package is imported as ``open_ai``: put the folder that holds
it on PYTHONPATH.

Usage: driver.py --calls CALLS.json [--control URL] [--base-url URL]
                 [--token TOKEN] [--only NAME,NAME]
"""

from __future__ import annotations

import argparse
import json
import sys
import urllib.error
import urllib.request
from collections.abc import Callable
from typing import Any

import open_ai as sdk

Client = sdk.OpenAi


def announce(control: str, call: str) -> None:
    """Tells the recording server which call the next requests belong to."""
    url = f"{control.rstrip('/')}/__recorder/begin?language=python&call={call}"
    request = urllib.request.Request(url, data=b"", method="POST")
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            answer.read()
    except urllib.error.HTTPError as e:
        raise SystemExit(f"driver.py: the recorder refused call {call}: {e.read()!r}") from e


def ok(raw: Any) -> dict[str, Any]:
    # Decoding is part of the call: parse() raises what the plain method would.
    raw.parse()
    return {"result": "ok", "status": raw.status, "attempts": raw.attempts}


def failed(error: BaseException) -> dict[str, Any]:
    if isinstance(error, sdk.IdempotencyInFlightError):
        kind = "idempotency_in_flight"
    elif isinstance(error, sdk.IdempotencyMismatchError):
        kind = "idempotency_mismatch"
    elif isinstance(error, sdk.APIError):
        kind = "api_error"
    elif isinstance(error, sdk.APITimeoutError):
        kind = "timeout"
    elif isinstance(error, sdk.APIConnectionError):
        kind = "connection"
    elif isinstance(error, sdk.InvalidIdempotencyKeyError):
        kind = "invalid_idempotency_key"
    elif isinstance(error, sdk.ResponseValidationError):
        kind = "decode"
    elif isinstance(error, (TypeError, ValueError)):
        kind = "invalid_argument"
    else:
        kind = "unexpected:" + type(error).__name__
    out: dict[str, Any] = {
        "result": "error",
        "kind": kind,
        "status": getattr(error, "status", None),
        "code": getattr(error, "code", None),
        "attempts": getattr(error, "attempts", 0),
        "stop_reason": None,
        "detail": f"{type(error).__name__}: {error}",
    }
    if kind == "decode":
        response = getattr(error, "response", None)
        out["status"] = getattr(response, "status", None)
        out["attempts"] = getattr(response, "attempts", 0)
    stop = getattr(error, "stop_reason", None)
    if stop is not None and stop is not sdk.StopReason.NONE:
        out["stop_reason"] = stop.value
    return out


M = sdk.models

# A PNG of one transparent pixel (the images), a WAV of 8 silent samples
# (the audio), two lines of JSONL (the files): small, and each what its
# name says.
PNG = bytes.fromhex(
    "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489"
    "0000000b49444154789c6360000200000500017a5eab3f0000000049454e44ae426082"
)
WAV = bytes.fromhex(
    "524946463400000057415645666d74201000000001000100401f0000803e0000"
    "02001000646174611000000000000000000000000000000000000000"
)
JSONL = (
    b'{"messages": [{"role": "user", "content": "Hi"}, '
    b'{"role": "assistant", "content": "Hello"}]}\n'
    b'{"messages": [{"role": "user", "content": "Bye"}, '
    b'{"role": "assistant", "content": "See you"}]}\n'
)
WEATHER = M.FunctionObject(
    name="get_weather",
    description="The weather in a city, now.",
    parameters={
        "type": "object",
        "properties": {"city": {"type": "string"}, "unit": {"enum": ["c", "f"]}},
        "required": ["city"],
    },
    strict=False,
)


def create_chat_completion(c: Client) -> Any:
    return c.chat.with_raw_response.create_chat_completion(
        model="gpt-4o-mini",
        messages=[
            M.ChatCompletionRequestSystemMessage(
                role="system", content="You answer in one short sentence."
            ),
            M.ChatCompletionRequestUserMessage(
                role="user",
                content=[
                    M.ChatCompletionRequestMessageContentPartText(
                        type="text", text="What is the weather in Paris?"
                    )
                ],
                name="ada",
            ),
            M.ChatCompletionRequestAssistantMessage(
                role="assistant",
                tool_calls=[
                    M.ChatCompletionMessageToolCall(
                        id="call_1",
                        type="function",
                        function=M.ChatCompletionMessageToolCallFunction(
                            name="get_weather", arguments='{"city": "Paris"}'
                        ),
                    )
                ],
            ),
            M.ChatCompletionRequestToolMessage(
                role="tool", tool_call_id="call_1", content="18 °C, light rain"
            ),
        ],
        tools=[M.ChatCompletionTool(type="function", function=WEATHER)],
        tool_choice="auto",
        temperature=0.2,
        max_completion_tokens=64,
        metadata={"suite": "wire"},
        n=1,
    )


def list_chat_completions(c: Client) -> Any:
    return c.chat.with_raw_response.list_chat_completions(
        model="gpt-4o-mini", metadata={"suite": "wire"}, limit=5, order="desc"
    )


def create_embedding(c: Client) -> Any:
    return c.embeddings.with_raw_response.create_embedding(
        input=["The food was delicious.", "The waiter was friendly."],
        model="text-embedding-3-small",
        encoding_format="float",
        dimensions=256,
    )


def create_moderation(c: Client) -> Any:
    return c.moderations.with_raw_response.create_moderation(
        input="I want to hug everyone.", model="omni-moderation-latest"
    )


def list_models(c: Client) -> Any:
    return c.models.with_raw_response.list_models()


def retrieve_model(c: Client) -> Any:
    return c.models.with_raw_response.retrieve_model(model="gpt-4o-mini")


def delete_model(c: Client) -> Any:
    return c.models.with_raw_response.delete_model(model="ft:gpt-4o-mini:acme:suffix:abc123")


def list_files(c: Client) -> Any:
    return c.files.with_raw_response.list_files(
        purpose="fine-tune", limit=20, order="asc", after="file-abc123"
    )


def create_file(c: Client) -> Any:
    return c.files.with_raw_response.create_file(
        file=("train.jsonl", JSONL, "application/jsonl"),
        purpose="fine-tune",
        expires_after=M.FileExpirationAfter(anchor="created_at", seconds=86400),
    )


def retrieve_file(c: Client) -> Any:
    return c.files.with_raw_response.retrieve_file(file_id="file-abc123")


def delete_file(c: Client) -> Any:
    return c.files.with_raw_response.delete_file(file_id="file-abc123")


def download_file(c: Client) -> Any:
    return c.files.with_raw_response.download_file(file_id="file-abc123")


def create_transcription(c: Client) -> Any:
    return c.audio.with_raw_response.create_transcription(
        file=("hello.wav", WAV, "audio/wav"),
        model="whisper-1",
        language="en",
        prompt="A greeting.",
        response_format="verbose_json",
        temperature=0.0,
        timestamp_granularities=["word", "segment"],
    )


def create_translation(c: Client) -> Any:
    return c.audio.with_raw_response.create_translation(
        file=("bonjour.wav", WAV, "audio/wav"),
        model="whisper-1",
        prompt="A greeting.",
        response_format="json",
        temperature=0.5,
    )


def create_speech(c: Client) -> Any:
    return c.audio.with_raw_response.create_speech(
        model="gpt-4o-mini-tts",
        input="Hello there.",
        voice="alloy",
        response_format="mp3",
        speed=1.25,
    )


def create_image(c: Client) -> Any:
    return c.images.with_raw_response.create_image(
        prompt="A cute baby sea otter wearing a beret",
        model="dall-e-3",
        n=1,
        size="1024x1024",
        quality="standard",
        response_format="url",
    )


def create_image_edit(c: Client) -> Any:
    return c.images.with_raw_response.create_image_edit(
        images=[
            M.ImageRefParam(image_url="https://example.com/source-image.png"),
            M.ImageRefParam(file_id="file-abc123"),
        ],
        prompt="Add a watercolor effect to this image",
        model="gpt-image-1",
        size="1024x1024",
        quality="high",
    )


def create_image_variation(c: Client) -> Any:
    return c.images.with_raw_response.create_image_variation(
        image=("otter.png", PNG, "image/png"), n=2, size="256x256", response_format="b64_json"
    )


def create_vector_store(c: Client) -> Any:
    return c.vector_stores.with_raw_response.create_vector_store(
        name="Support FAQ",
        file_ids=["file-abc123", "file-def456"],
        expires_after=M.VectorStoreExpirationAfter(anchor="last_active_at", days=7),
        metadata={"team": "support"},
    )


def list_vector_stores(c: Client) -> Any:
    return c.vector_stores.with_raw_response.list_vector_stores(
        limit=10, order="desc", after="vs_abc123"
    )


def get_vector_store(c: Client) -> Any:
    return c.vector_stores.with_raw_response.get_vector_store(vector_store_id="vs_abc123")


def delete_vector_store(c: Client) -> Any:
    return c.vector_stores.with_raw_response.delete_vector_store(vector_store_id="vs_abc123")


def create_vector_store_file(c: Client) -> Any:
    return c.vector_stores.with_raw_response.create_vector_store_file(
        vector_store_id="vs_abc123", file_id="file-abc123", attributes={"lang": "en", "year": 2024}
    )


def search_vector_store(c: Client) -> Any:
    return c.vector_stores.with_raw_response.search_vector_store(
        vector_store_id="vs_abc123",
        query="How do I reset my password?",
        rewrite_query=True,
        max_num_results=5,
    )


def create_assistant(c: Client) -> Any:
    return c.assistants.with_raw_response.create_assistant(
        model="gpt-4o",
        name="Math Tutor",
        instructions="You are a personal math tutor.",
        tools=[
            M.AssistantToolsCode(type="code_interpreter"),
            M.AssistantToolsFunction(type="function", function=WEATHER),
        ],
        metadata={"team": "edu"},
        temperature=0.7,
    )


def list_assistants(c: Client) -> Any:
    return c.assistants.with_raw_response.list_assistants(limit=20, order="desc")


def modify_assistant(c: Client) -> Any:
    return c.assistants.with_raw_response.modify_assistant(
        assistant_id="asst_abc123",
        instructions="You are a patient math tutor.",
        metadata={"team": "edu", "level": "2"},
    )


def delete_assistant(c: Client) -> Any:
    return c.assistants.with_raw_response.delete_assistant(assistant_id="asst_abc123")


def create_thread(c: Client) -> Any:
    return c.assistants.with_raw_response.create_thread(
        messages=[M.CreateMessageRequest(role="user", content="Solve 3x + 11 = 14.")],
        metadata={"student": "ada"},
    )


def create_message(c: Client) -> Any:
    return c.assistants.with_raw_response.create_message(
        thread_id="thread_abc123", role="user", content="And 2x - 4 = 10?"
    )


def list_messages(c: Client) -> Any:
    return c.assistants.with_raw_response.list_messages(
        thread_id="thread_abc123", limit=10, order="asc", run_id="run_abc123"
    )


def create_run(c: Client) -> Any:
    return c.assistants.with_raw_response.create_run(
        thread_id="thread_abc123",
        assistant_id="asst_abc123",
        include=["step_details.tool_calls[*].file_search.results[*].content"],
        additional_instructions="Show every step.",
        max_completion_tokens=256,
    )


def get_run(c: Client) -> Any:
    return c.assistants.with_raw_response.get_run(thread_id="thread_abc123", run_id="run_abc123")


def submit_tool_outputs(c: Client) -> Any:
    return c.assistants.with_raw_response.submit_tool_ouputs_to_run(
        thread_id="thread_abc123",
        run_id="run_abc123",
        tool_outputs=[
            M.SubmitToolOutputsRunRequestToolOutputsItem(tool_call_id="call_1", output="18")
        ],
    )


def create_batch(c: Client) -> Any:
    return c.batch.with_raw_response.create_batch(
        input_file_id="file-abc123",
        endpoint="/v1/chat/completions",
        completion_window="24h",
        metadata={"job": "nightly"},
    )


def list_batches(c: Client) -> Any:
    return c.batch.with_raw_response.list_batches(after="batch_abc123", limit=2)


def retrieve_batch(c: Client) -> Any:
    return c.batch.with_raw_response.retrieve_batch(batch_id="batch_abc123")


def cancel_batch(c: Client) -> Any:
    return c.batch.with_raw_response.cancel_batch(batch_id="batch_abc123")


def create_fine_tuning_job(c: Client) -> Any:
    return c.fine_tuning.with_raw_response.create_fine_tuning_job(
        model="gpt-4o-mini",
        training_file="file-abc123",
        suffix="support",
        seed=42,
        metadata={"team": "support"},
    )


def list_fine_tuning_jobs(c: Client) -> Any:
    return c.fine_tuning.with_raw_response.list_paginated_fine_tuning_jobs(
        after="ftjob-abc123", limit=5, metadata={"team": "support"}
    )


def list_fine_tuning_events(c: Client) -> Any:
    return c.fine_tuning.with_raw_response.list_fine_tuning_events(
        fine_tuning_job_id="ftjob-abc123", after="ftevent-abc123", limit=2
    )


def create_upload(c: Client) -> Any:
    return c.uploads.with_raw_response.create_upload(
        filename="train.jsonl", purpose="fine-tune", bytes=len(JSONL), mime_type="text/jsonl"
    )


def add_upload_part(c: Client) -> Any:
    return c.uploads.with_raw_response.add_upload_part(upload_id="upload_abc123", data=JSONL)


def complete_upload(c: Client) -> Any:
    return c.uploads.with_raw_response.complete_upload(
        upload_id="upload_abc123",
        part_ids=["part_def456", "part_ghi789"],
        md5="d41d8cd98f00b204e9800998ecf8427e",
    )


def cancel_upload(c: Client) -> Any:
    return c.uploads.with_raw_response.cancel_upload(upload_id="upload_abc123")


CALLS: dict[str, Callable[[Client], Any]] = {
    "createChatCompletion": create_chat_completion,
    "listChatCompletions": list_chat_completions,
    "createEmbedding": create_embedding,
    "createModeration": create_moderation,
    "listModels": list_models,
    "retrieveModel": retrieve_model,
    "deleteModel": delete_model,
    "listFiles": list_files,
    "createFile": create_file,
    "retrieveFile": retrieve_file,
    "deleteFile": delete_file,
    "downloadFile": download_file,
    "createTranscription": create_transcription,
    "createTranslation": create_translation,
    "createSpeech": create_speech,
    "createImage": create_image,
    "createImageEdit": create_image_edit,
    "createImageVariation": create_image_variation,
    "createVectorStore": create_vector_store,
    "listVectorStores": list_vector_stores,
    "getVectorStore": get_vector_store,
    "deleteVectorStore": delete_vector_store,
    "createVectorStoreFile": create_vector_store_file,
    "searchVectorStore": search_vector_store,
    "createAssistant": create_assistant,
    "listAssistants": list_assistants,
    "modifyAssistant": modify_assistant,
    "deleteAssistant": delete_assistant,
    "createThread": create_thread,
    "createMessage": create_message,
    "listMessages": list_messages,
    "createRun": create_run,
    "getRun": get_run,
    "submitToolOutputs": submit_tool_outputs,
    "createBatch": create_batch,
    "listBatches": list_batches,
    "retrieveBatch": retrieve_batch,
    "cancelBatch": cancel_batch,
    "createFineTuningJob": create_fine_tuning_job,
    "listFineTuningJobs": list_fine_tuning_jobs,
    "listFineTuningEvents": list_fine_tuning_events,
    "createUpload": create_upload,
    "addUploadPart": add_upload_part,
    "completeUpload": complete_upload,
    "cancelUpload": cancel_upload,
}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--calls", required=True)
    parser.add_argument("--control")
    parser.add_argument("--base-url")
    parser.add_argument("--token", default="eqv-token")
    parser.add_argument("--only")
    args = parser.parse_args()
    with open(args.calls, encoding="utf-8") as f:
        names = [c["call"] for c in json.load(f)["calls"]]
    only = set(args.only.split(",")) if args.only else None
    status = 0
    for name in names:
        if only is not None and name not in only:
            continue
        if args.control:
            announce(args.control, name)
        make = CALLS.get(name)
        if make is None:
            status = 1
            line: dict[str, Any] = {"result": "not_implemented"}
        else:
            options: dict[str, Any] = {"api_key": args.token}
            if args.base_url:
                options["base_url"] = args.base_url
            try:
                with Client(**options) as client:
                    line = ok(make(client))
            except Exception as error:  # every failure is an outcome to compare
                line = failed(error)
        line["call"] = name
        print(json.dumps(line, ensure_ascii=False), flush=True)
    return status


if __name__ == "__main__":
    sys.exit(main())
