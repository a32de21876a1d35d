// Free variables the documentation's samples use, and the framework modules the repository does
// not install at its root.
declare const request: Request;
declare const email: string;
declare const password: string;

declare module "@solidjs/start/middleware" {
  export function createMiddleware(options: {
    onRequest?: unknown[] | ((event: unknown) => unknown);
  }): unknown;
}
declare module "@solidjs/start/server" {
  export interface APIEvent {
    request: Request;
    locals: Record<string, unknown>;
  }
  export interface RequestEventLocals {}
}
declare module "~/auth" {
  export const authConfig: import("@create-auth/runtime/solid-start").SolidAuthConfig;
}
declare module "solid-js" {
  export function onMount(fn: () => void | Promise<void>): void;
}
/** Solid's JSX, reduced to what the samples check: any element, any attribute. */
declare namespace JSX {
  type Element = unknown;
  interface IntrinsicElements {
    [element: string]: Record<string, unknown>;
  }
}
