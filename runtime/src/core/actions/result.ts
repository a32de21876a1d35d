import type { RenderedPage } from "../../pages/index.js";

/** What an action produces; cookies travel separately on the context. */
export type ActionResult =
  | { redirect: string }
  | { json: unknown; status?: number; headers?: Record<string, string> }
  | { page: RenderedPage }
  | { status: number };
