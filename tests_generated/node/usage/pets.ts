// Compile-only: the Pets SDK (API key auth, multipart upload, binary download).
import { NotFoundError, PetStatus, Pets, type NewPet, type Pet } from "pets";

const client = new Pets({ apiKey: "key", baseUrl: "http://localhost:8080/v1" });

export async function run(photo: Uint8Array): Promise<Uint8Array | undefined> {
  const pets: Pet[] = await client.pets.listPets({
    tags: ["dog"],
    status: PetStatus.Available,
  });
  const input: NewPet = { name: "Rex", tags: ["dog"] };
  const created: Pet = await client.pets.createPet(input, { timeout: 2000 });
  const id: number = created.id;
  await client.photos.uploadPetPhoto(id, { file: photo, caption: "Rex" });
  await client.photos.uploadPetPhoto(id, { file: new Blob(["png"]) });
  const none: void = await client.pets.deletePet(pets[0]?.id ?? id);
  try {
    return await (await client.photos.downloadPetPhoto(id)).bytes();
  } catch (err) {
    if (err instanceof NotFoundError) return none ?? undefined;
    throw err;
  }
}

export async function misuse(id: number): Promise<void> {
  // @ts-expect-error: the photo is required.
  await client.photos.uploadPetPhoto(id, { caption: "no file" });
  // @ts-expect-error: pet ids are numbers.
  await client.pets.getPet("7");
}
