/** Status and message of a route error, per the error catalogue: statusCode, status or response status, else 500. */
import { isRouteErrorResponse } from 'react-router';

export interface ErrorDescription {
  status: number;
  /** A message meant for visitors; undefined when there is none to show. */
  message?: string;
}

function numberIn(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value >= 400 && value <= 599 ? value : undefined;
}

export function describeError(error: unknown): ErrorDescription | null {
  if (error === null || error === undefined) return null;
  if (isRouteErrorResponse(error)) {
    const payload = error.data as { message?: unknown } | string | null;
    const message =
      typeof payload === 'string' ? payload : typeof payload?.message === 'string' ? payload.message : undefined;
    return { status: error.status, message };
  }
  if (typeof error === 'object') {
    const record = error as { statusCode?: unknown; status?: unknown; response?: { status?: unknown } };
    const status = numberIn(record.statusCode) ?? numberIn(record.status) ?? numberIn(record.response?.status) ?? 500;
    // Messages of unexpected errors stay in the logs: they can reveal internals.
    return { status };
  }
  return { status: 500 };
}
