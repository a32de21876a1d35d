import type { IncomingMessage, ServerResponse } from "node:http";

/**
 * The parts of Express's `req` the adapter uses. Structural, so `@types/express` is not a
 * dependency and Express 4 and 5 both fit.
 */
export interface ExpressRequest extends IncomingMessage {
  originalUrl?: string;
  baseUrl?: string;
  /** `http` or `https`, honouring `trust proxy` (Express computes it). */
  protocol?: string;
  body?: unknown;
  /** Route parameters: a mount's wildcard match is `params[0]` (Express 4) or an array (Express 5). */
  params?: Record<string, unknown>;
  ip?: string;
  app?: { get(setting: string): unknown };
}

/** The parts of Express's `res` the adapter uses. */
export interface ExpressResponse extends ServerResponse {
  locals?: Record<string, unknown>;
}

export type NextFunction = (error?: unknown) => void;

/** An Express middleware. */
export type ExpressMiddleware = (
  req: ExpressRequest,
  res: ExpressResponse,
  next: NextFunction,
) => Promise<void>;
