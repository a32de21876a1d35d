import { providerByModule } from "../catalog/providers.js";
import { CliError } from "../errors.js";
import type { AuthVocabulary } from "../project/auth-config.js";
import { express } from "./express/index.js";
import { fastify } from "./fastify/index.js";
import { hono } from "./hono/index.js";
import { solidStart } from "./solid-start/index.js";
import type { FrameworkModule, ProjectOf } from "./types.js";

/**
 * Every framework the CLI sets up. Adding one: its folder under `src/frameworks/` and one entry
 * here. The order is the order of detection messages, `--help` and `check`'s rules; the first is
 * the framework assumed when nothing tells (a set-up read without package.json naming one).
 */
export const frameworks = [express, solidStart, fastify, hono] as const;

/** Any registered framework module. */
export type AnyFramework = (typeof frameworks)[number];
/** `express`, `solid-start`, … */
export type FrameworkId = AnyFramework["id"];

type ProjectFor<F> = F extends FrameworkModule<infer Id, infer App> ? ProjectOf<Id, App> : never;

/**
 * A detected project: what every project has, plus `framework` and the framework's own `app`,
 * one member per registered framework (discriminated by `framework.framework`).
 */
export type ProjectInfo = ProjectFor<AnyFramework>;

/** Whether `id` names a registered framework (`--framework`). */
export function isFrameworkId(id: string): id is FrameworkId {
  return frameworks.some((framework) => framework.id === id);
}

/** The module of a framework id that detection or `--framework` produced. */
export function frameworkById(id: string): AnyFramework {
  const found = frameworks.find((framework) => framework.id === id);
  if (!found) throw new CliError("internal_error", `No framework module for "${id}".`);
  return found;
}

/**
 * The module that detected `project`, typed for it: `moduleOf(project).plan(plan, project, …)`
 * type-checks for every member of the union.
 */
export function moduleOf<P extends ProjectInfo>(
  project: P,
): FrameworkModule<P["framework"]["framework"], P["app"]> {
  // TypeScript cannot tie a union member to its module: the registry lookup is that tie.
  return frameworkById(project.framework.framework) as unknown as FrameworkModule<
    P["framework"]["framework"],
    P["app"]
  >;
}

/** What marks code as auth set-up, for every registered framework (ours and Auth.js's packages). */
export const authVocabulary: AuthVocabulary = {
  packages: [
    "@create-auth/runtime",
    "@auth/core",
    ...frameworks.flatMap((framework) => framework.authjsPackage ?? []),
  ],
  handlers: [...frameworks.map((framework) => framework.config.handler), "Auth"],
  presetId: (module) => providerByModule(module)?.id,
};
