// The generated Pets SDK (generated/pets/node) against a local server:
// API key auth, form/explode arrays, multipart and binary bodies.
import assert from "node:assert/strict";
import { test } from "node:test";

import { APIError, Pets } from "../../generated/pets/node/index.js";
import { fast, scripted } from "./server.js";

function client(server) {
  return new Pets({ baseUrl: `${server.url}/v1`, apiKey: "key-1", ...fast });
}

const pet = { id: 7, name: "Rex", tags: ["dog"], status: "available" };

test("form/explode arrays and the API key header", async () => {
  const server = await scripted([{ status: 200, json: [pet] }]);
  try {
    const pets = await client(server).pets.listPets({
      tags: ["dog", "small"],
      status: "available",
      limit: 2,
    });
    const r = server.requests[0];
    assert.equal(r.path, "/v1/pets");
    assert.deepEqual(r.query.getAll("tags"), ["dog", "small"]);
    assert.equal(r.query.get("status"), "available");
    assert.equal(r.query.get("limit"), "2");
    assert.equal(r.headers["x-api-key"], "key-1");
    assert.equal(r.headers.authorization, undefined);
    assert.deepEqual(pets, [pet]);
  } finally {
    await server.close();
  }
});

test("a multipart body carries the file and the text field", async () => {
  const server = await scripted([{ status: 204 }]);
  try {
    const result = await client(server).photos.uploadPetPhoto(7, {
      file: new Blob([new Uint8Array([137, 80, 78, 71])], {
        type: "image/png",
      }),
      caption: "Rex at the beach",
    });
    assert.equal(result, undefined);
    const r = server.requests[0];
    assert.equal(r.method, "PUT");
    assert.equal(r.path, "/v1/pets/7/photo");
    const form = await new Response(r.body, {
      headers: { "content-type": r.headers["content-type"] ?? "" },
    }).formData();
    assert.equal(form.get("caption"), "Rex at the beach");
    const file = form.get("file");
    assert.ok(file instanceof Blob);
    assert.deepEqual(
      new Uint8Array(await file.arrayBuffer()),
      new Uint8Array([137, 80, 78, 71]),
    );
  } finally {
    await server.close();
  }
});

test("a binary response is a download, read whole here", async () => {
  const png = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]);
  const server = await scripted([
    { status: 200, body: png, headers: { "content-type": "image/png" } },
  ]);
  try {
    const photo = await client(server).photos.downloadPetPhoto(7);
    assert.equal(photo.contentType, "image/png");
    assert.deepEqual(await photo.bytes(), png);
  } finally {
    await server.close();
  }
});

test("an unsafe create is not retried after a 502", async () => {
  const server = await scripted([
    { status: 502, json: { code: 502, message: "bad gateway" } },
    { status: 200, json: pet },
  ]);
  try {
    const c = client(server);
    await assert.rejects(
      c.pets.createPet({ name: "Rex" }),
      (err) => err instanceof APIError && err.status === 502,
    );
    assert.equal(server.requests.length, 1);
    const got = await c.pets.getPet(7).withResponse();
    assert.equal(got.attempts, 1);
    assert.deepEqual(got.data, pet);
    assert.equal(server.requests[1].path, "/v1/pets/7");
  } finally {
    await server.close();
  }
});
