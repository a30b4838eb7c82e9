// Compile-only: the files of the SDK of generator/tests/fixtures/files.yaml
// (file values in, downloads out), checked with tsc --strict against the
// packed package's declarations.
import {
  BinaryResponse,
  Files,
  StreamError,
  toFile,
  type APIResponse,
  type FileInput,
  type StoredFile,
  type UploadFileRequest,
} from "files";

const client = new Files({ baseUrl: "http://localhost:8080/v1" });

// `fromDisk` stands for what `await fs.openAsBlob(path)` gives.
export async function send(
  fromDisk: Blob,
  chunks: ReadableStream<Uint8Array>,
): Promise<StoredFile[]> {
  const blob: FileInput = fromDisk;
  const named: UploadFileRequest = {
    file: toFile(new Uint8Array([1, 2]), "a.pdf", { type: "application/pdf" }),
    purpose: "assistants",
  };
  return [
    await client.files.uploadFile(named),
    await client.files.uploadFile({ file: blob, purpose: "batch" }),
    await client.files.uploadImage({
      image: chunks,
    }),
    await client.blobs.putBlob("b", { body: new ArrayBuffer(4) }),
    await client.blobs.putBlob("b", { body: "text is bytes too" }),
  ];
}

export async function receive(path: string): Promise<number> {
  const download: BinaryResponse = await client.files.downloadFile("f1");
  let seen = 0;
  for await (const chunk of download) seen += chunk.byteLength;
  const res: APIResponse<BinaryResponse> = await client.speech
    .readAloud({ text: "hi" })
    .withResponse();
  try {
    return seen + (await res.data.writeToFile(path));
  } catch (err) {
    if (err instanceof StreamError) return -1;
    throw err;
  }
}

export async function misuse(): Promise<void> {
  // @ts-expect-error: a file is bytes, a Blob or a stream, not a number.
  await client.files.uploadFile({ file: 7, purpose: "x" });
  // @ts-expect-error: a download is not its bytes until read.
  const bytes: Uint8Array = await client.files.downloadFile("f1");
  void bytes;
}
