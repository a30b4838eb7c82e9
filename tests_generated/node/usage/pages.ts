// Compile-only: the pagers of the SDK of generator/tests/fixtures/pages.yaml,
// checked with tsc --strict against the packed package's declarations.
import {
  PagePromise,
  PaginationError,
  Pages,
  type APIResponse,
  type Thing,
} from "pages";

const client = new Pages({ baseUrl: "http://localhost:8080/api" });

export async function walk(): Promise<string[]> {
  const owners: string[] = [];
  for await (const thing of client.cursored.listCursored({ limit: 2 })) {
    const id: string = thing.id;
    owners.push(thing.ownerId ?? id);
    // @ts-expect-error: items have the SDK's names, not the wire's.
    owners.push(thing.owner_id);
  }
  const pager: PagePromise<Thing> = client.linked.listLinked({ perPage: 50 });
  for await (const page of pager.pages()) {
    const items: Thing[] = page.items;
    const more: boolean = page.hasNextPage();
    owners.push(`${items.length} ${more}`);
  }
  return owners;
}

export async function first(): Promise<number> {
  const page = await client.offsets.listOffsets({ limit: 10 });
  const next = await page.nextPage();
  const res: APIResponse<unknown> = await client.after
    .listAfter()
    .withResponse();
  try {
    await client.numbered.listNumbered();
  } catch (err) {
    if (err instanceof PaginationError) return -1;
  }
  // @ts-expect-error: a page is not an array.
  page.length;
  return page.items.length + (next?.items.length ?? 0) + res.status;
}
