// The Node driver of the wire suite's OpenAI calls: every call of
// openai.calls.json, made through the Node SDK generated from
// the corpus's openai.yaml, one fresh client per call. The driver protocol is the
// equivalence test's (tests_generated/equivalence/README.md); this file
// repeats its argument parsing and outcome lines.
//
// Usage: node driver.mjs --sdk SDK_DIR --calls CALLS.json [--control URL]
//        [--base-url URL] [--token TOKEN] [--only NAME,NAME]
// SDK_DIR is the generated package's folder (the one with index.js).
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";

const { values: args } = parseArgs({
  options: {
    sdk: { type: "string" },
    calls: { type: "string" },
    control: { type: "string" },
    "base-url": { type: "string" },
    token: { type: "string", default: "eqv-token" },
    only: { type: "string" },
  },
});
if (!args.sdk || !args.calls) {
  console.error("driver.mjs: --sdk SDK_DIR and --calls CALLS.json are required");
  process.exit(2);
}

const sdk = await import(pathToFileURL(join(resolve(args.sdk), "index.js")).href);
const { OpenAi: Client } = sdk;

async function announce(call) {
  const url = `${args.control.replace(/\/$/, "")}/__recorder/begin?language=node&call=${call}`;
  const answer = await fetch(url, { method: "POST" });
  const text = await answer.text();
  if (answer.status !== 200) {
    console.error(`driver.mjs: the recorder refused call ${call}: ${text}`);
    process.exit(2);
  }
}

function failed(error) {
  const kind = error instanceof sdk.SDKError ? error.kind : `unexpected:${error?.name}`;
  return {
    result: "error",
    kind,
    status: error?.status ?? null,
    code: error?.code ?? null,
    attempts: error?.attempts ?? 0,
    // "none": no attempt was made (Rust and Python: no stop reason).
    stop_reason: error?.stopReason && error.stopReason !== "none" ? error.stopReason : null,
    detail: `${error?.name}: ${error?.message}`,
  };
}

// A PNG of one transparent pixel (the images), a WAV of 8 silent samples
// (the audio), two lines of JSONL (the files): small, and each what its
// name says.
const png = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489" +
    "0000000b49444154789c6360000200000500017a5eab3f0000000049454e44ae426082",
  "hex",
);
const wav = Buffer.from(
  "524946463400000057415645666d74201000000001000100401f0000803e0000" +
    "02001000646174611000000000000000000000000000000000000000",
  "hex",
);
const jsonl = Buffer.from(
  '{"messages": [{"role": "user", "content": "Hi"}, {"role": "assistant", "content": "Hello"}]}\n' +
    '{"messages": [{"role": "user", "content": "Bye"}, {"role": "assistant", "content": "See you"}]}\n',
);
const weather = {
  name: "get_weather",
  description: "The weather in a city, now.",
  parameters: {
    type: "object",
    properties: { city: { type: "string" }, unit: { enum: ["c", "f"] } },
    required: ["city"],
  },
  strict: false,
};

const calls = {
  createChatCompletion: (c) =>
    c.chat.createChatCompletion({
      model: "gpt-4o-mini",
      messages: [
        { role: "system", content: "You answer in one short sentence." },
        {
          role: "user",
          content: [{ type: "text", text: "What is the weather in Paris?" }],
          name: "ada",
        },
        {
          role: "assistant",
          toolCalls: [
            {
              id: "call_1",
              type: "function",
              function: { name: "get_weather", arguments: '{"city": "Paris"}' },
            },
          ],
        },
        { role: "tool", toolCallId: "call_1", content: "18 °C, light rain" },
      ],
      tools: [{ type: "function", function: weather }],
      toolChoice: "auto",
      temperature: 0.2,
      maxCompletionTokens: 64,
      metadata: { suite: "wire" },
      n: 1,
    }),
  listChatCompletions: (c) =>
    c.chat.listChatCompletions({
      model: "gpt-4o-mini",
      metadata: { suite: "wire" },
      limit: 5,
      order: "desc",
    }),
  createEmbedding: (c) =>
    c.embeddings.createEmbedding({
      input: ["The food was delicious.", "The waiter was friendly."],
      model: "text-embedding-3-small",
      encodingFormat: "float",
      dimensions: 256,
    }),
  createModeration: (c) =>
    c.moderations.createModeration({
      input: "I want to hug everyone.",
      model: "omni-moderation-latest",
    }),
  listModels: (c) => c.models.listModels(),
  retrieveModel: (c) => c.models.retrieveModel("gpt-4o-mini"),
  deleteModel: (c) => c.models.deleteModel("ft:gpt-4o-mini:acme:suffix:abc123"),
  listFiles: (c) =>
    c.files.listFiles({ purpose: "fine-tune", limit: 20, order: "asc", after: "file-abc123" }),
  createFile: (c) =>
    c.files.createFile({
      file: new File([jsonl], "train.jsonl", { type: "application/jsonl" }),
      purpose: "fine-tune",
      expiresAfter: { anchor: "created_at", seconds: 86400 },
    }),
  retrieveFile: (c) => c.files.retrieveFile("file-abc123"),
  deleteFile: (c) => c.files.deleteFile("file-abc123"),
  downloadFile: (c) => c.files.downloadFile("file-abc123"),
  createTranscription: (c) =>
    c.audio.createTranscription({
      file: new File([wav], "hello.wav", { type: "audio/wav" }),
      model: "whisper-1",
      language: "en",
      prompt: "A greeting.",
      responseFormat: "verbose_json",
      temperature: 0,
      timestampGranularities: ["word", "segment"],
    }),
  createTranslation: (c) =>
    c.audio.createTranslation({
      file: new File([wav], "bonjour.wav", { type: "audio/wav" }),
      model: "whisper-1",
      prompt: "A greeting.",
      responseFormat: "json",
      temperature: 0.5,
    }),
  createSpeech: (c) =>
    c.audio.createSpeech({
      model: "gpt-4o-mini-tts",
      input: "Hello there.",
      voice: "alloy",
      responseFormat: "mp3",
      speed: 1.25,
    }),
  createImage: (c) =>
    c.images.createImage({
      prompt: "A cute baby sea otter wearing a beret",
      model: "dall-e-3",
      n: 1,
      size: "1024x1024",
      quality: "standard",
      responseFormat: "url",
    }),
  createImageEdit: (c) =>
    c.images.createImageEdit({
      images: [{ imageUrl: "https://example.com/source-image.png" }, { fileId: "file-abc123" }],
      prompt: "Add a watercolor effect to this image",
      model: "gpt-image-1",
      size: "1024x1024",
      quality: "high",
    }),
  createImageVariation: (c) =>
    c.images.createImageVariation({
      image: new File([png], "otter.png", { type: "image/png" }),
      n: 2,
      size: "256x256",
      responseFormat: "b64_json",
    }),
  createVectorStore: (c) =>
    c.vectorStores.createVectorStore({
      name: "Support FAQ",
      fileIds: ["file-abc123", "file-def456"],
      expiresAfter: { anchor: "last_active_at", days: 7 },
      metadata: { team: "support" },
    }),
  listVectorStores: (c) =>
    c.vectorStores.listVectorStores({ limit: 10, order: "desc", after: "vs_abc123" }),
  getVectorStore: (c) => c.vectorStores.getVectorStore("vs_abc123"),
  deleteVectorStore: (c) => c.vectorStores.deleteVectorStore("vs_abc123"),
  createVectorStoreFile: (c) =>
    c.vectorStores.createVectorStoreFile("vs_abc123", {
      fileId: "file-abc123",
      attributes: { lang: "en", year: 2024 },
    }),
  searchVectorStore: (c) =>
    c.vectorStores.searchVectorStore("vs_abc123", {
      query: "How do I reset my password?",
      rewriteQuery: true,
      maxNumResults: 5,
    }),
  createAssistant: (c) =>
    c.assistants.createAssistant({
      model: "gpt-4o",
      name: "Math Tutor",
      instructions: "You are a personal math tutor.",
      tools: [{ type: "code_interpreter" }, { type: "function", function: weather }],
      metadata: { team: "edu" },
      temperature: 0.7,
    }),
  listAssistants: (c) => c.assistants.listAssistants({ limit: 20, order: "desc" }),
  modifyAssistant: (c) =>
    c.assistants.modifyAssistant("asst_abc123", {
      instructions: "You are a patient math tutor.",
      metadata: { team: "edu", level: "2" },
    }),
  deleteAssistant: (c) => c.assistants.deleteAssistant("asst_abc123"),
  createThread: (c) =>
    c.assistants.createThread({
      messages: [{ role: "user", content: "Solve 3x + 11 = 14." }],
      metadata: { student: "ada" },
    }),
  createMessage: (c) =>
    c.assistants.createMessage("thread_abc123", { role: "user", content: "And 2x - 4 = 10?" }),
  listMessages: (c) =>
    c.assistants.listMessages("thread_abc123", { limit: 10, order: "asc", runId: "run_abc123" }),
  createRun: (c) =>
    c.assistants.createRun("thread_abc123", {
      assistantId: "asst_abc123",
      include: ["step_details.tool_calls[*].file_search.results[*].content"],
      additionalInstructions: "Show every step.",
      maxCompletionTokens: 256,
    }),
  getRun: (c) => c.assistants.getRun("thread_abc123", "run_abc123"),
  submitToolOutputs: (c) =>
    c.assistants.submitToolOuputsToRun("thread_abc123", "run_abc123", {
      toolOutputs: [{ toolCallId: "call_1", output: "18" }],
    }),
  createBatch: (c) =>
    c.batch.createBatch({
      inputFileId: "file-abc123",
      endpoint: "/v1/chat/completions",
      completionWindow: "24h",
      metadata: { job: "nightly" },
    }),
  listBatches: (c) => c.batch.listBatches({ after: "batch_abc123", limit: 2 }),
  retrieveBatch: (c) => c.batch.retrieveBatch("batch_abc123"),
  cancelBatch: (c) => c.batch.cancelBatch("batch_abc123"),
  createFineTuningJob: (c) =>
    c.fineTuning.createFineTuningJob({
      model: "gpt-4o-mini",
      trainingFile: "file-abc123",
      suffix: "support",
      seed: 42,
      metadata: { team: "support" },
    }),
  listFineTuningJobs: (c) =>
    c.fineTuning.listPaginatedFineTuningJobs({
      after: "ftjob-abc123",
      limit: 5,
      metadata: { team: "support" },
    }),
  listFineTuningEvents: (c) =>
    c.fineTuning.listFineTuningEvents("ftjob-abc123", { after: "ftevent-abc123", limit: 2 }),
  createUpload: (c) =>
    c.uploads.createUpload({
      filename: "train.jsonl",
      purpose: "fine-tune",
      bytes: jsonl.length,
      mimeType: "text/jsonl",
    }),
  addUploadPart: (c) => c.uploads.addUploadPart("upload_abc123", { data: jsonl }),
  completeUpload: (c) =>
    c.uploads.completeUpload("upload_abc123", {
      partIds: ["part_def456", "part_ghi789"],
      md5: "d41d8cd98f00b204e9800998ecf8427e",
    }),
  cancelUpload: (c) => c.uploads.cancelUpload("upload_abc123"),
};

const table = JSON.parse(readFileSync(args.calls, "utf8"));
const only = args.only ? new Set(args.only.split(",")) : null;
let status = 0;
for (const { call } of table.calls) {
  if (only && !only.has(call)) continue;
  if (args.control) await announce(call);
  const make = calls[call];
  let line;
  if (!make) {
    status = 1;
    line = { result: "not_implemented" };
  } else {
    try {
      const options = { apiKey: args.token };
      if (args["base-url"]) options.baseUrl = args["base-url"];
      const client = new Client(options);
      const response = await make(client).withResponse();
      // A download's body is read, as the other languages' drivers read it.
      if (response.data instanceof sdk.BinaryResponse) await response.data.bytes();
      line = { result: "ok", status: response.status, attempts: response.attempts };
    } catch (error) {
      line = failed(error);
    }
  }
  console.log(JSON.stringify({ ...line, call }));
}
process.exitCode = status;
