import type { RuntimeResponse } from "./runtime.js";
import { SDKError } from "./errors.js";

/** How a list operation's pages follow each other (the plan's pagination). */
export type PageStyle =
  "cursor" | "item_id" | "offset" | "page" | "next_url" | "link_header";

export interface Pagination {
  readonly style: PageStyle;
  /** The query parameter that positions the page (wire name). */
  readonly param?: string;
  /** The query parameter that sets the page size. */
  readonly sizeParam?: string;
  /** Field names from the body to its list of items; empty: the body is the list. */
  readonly items?: readonly string[];
  /** Field names to the next cursor (`cursor`) or the next page's URL (`next_url`). */
  readonly next?: readonly string[];
  /** Field names to the boolean that says whether another page follows. */
  readonly hasMore?: readonly string[];
  /** `item_id`: the field of the last item whose value starts the next page. */
  readonly itemField?: string;
}

/** A page the SDK cannot go on from. */
export declare class PaginationError extends SDKError {}

export declare function checkPagination(plan: Pagination): Pagination;

/** The target of the `rel="next"` link of a `Link` header, or undefined. */
export declare function nextLink(value: string): string | undefined;

/** A request as a pager sends it: the path and query change from page to page. */
export interface PageRequest {
  path: string;
  query?: string;
  [field: string]: unknown;
}

export interface PagerInit<T> {
  /** The operation's name, for errors. */
  name: string;
  /** The base URL the operation's calls go to (`Runtime.baseUrlOf`). */
  baseUrl: string;
  /** Sends one page's request as one logical call. */
  send: (request: PageRequest) => Promise<RuntimeResponse<unknown>>;
  /** The first page's request. */
  request: PageRequest;
  plan: Pagination;
  /** Turns one raw item into the SDK's type (default: as it is). */
  parseItem?: (raw: unknown) => T;
}

/** One page of a list. */
export declare class Page<T> implements Iterable<T> {
  /** The page's items, parsed. */
  readonly items: T[];
  /** The page's response (status, headers, attempts, the body as JSON). */
  readonly response: RuntimeResponse<unknown>;
  /** Whether the server says another page follows. */
  hasNextPage(): boolean;
  /** Fetches the next page (one call), or undefined after the last. */
  nextPage(): Promise<Page<T> | undefined>;
  [Symbol.iterator](): Iterator<T>;
}

/**
 * The items of every page of a list, fetched as iteration needs them:
 * `for await (const item of pager)`; `pager.pages()`; `await pager` gives
 * the first page.
 */
export declare class Pager<T>
  implements AsyncIterable<T>, PromiseLike<Page<T>>
{
  constructor(init: PagerInit<T>);
  readonly name: string;
  readonly baseUrl: string;
  /** Fetches the page of `request` (one logical call). */
  fetch(request: PageRequest): Promise<Page<T>>;
  /** The first page, fetched once, on first use. */
  firstPage(): Promise<Page<T>>;
  then<A = Page<T>, B = never>(
    onFulfilled?: ((page: Page<T>) => A | PromiseLike<A>) | null,
    onRejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
  ): Promise<A | B>;
  /** Every page, the first one included, fetched one at a time. */
  pages(): AsyncGenerator<Page<T>, void, undefined>;
  [Symbol.asyncIterator](): AsyncGenerator<T, void, undefined>;
}
