import { getSession } from "@create-auth/runtime/solid-start";
import type { APIEvent } from "@solidjs/start/server";
import { authConfig } from "~/auth";

export async function GET(event: APIEvent) {
  return Response.json(await getSession(event.request, authConfig));
}
