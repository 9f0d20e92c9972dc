/**
 * A start that cannot go on for a reason the operator fixes (a bad variable, a folder the
 * process may not write). Its message already says what is wrong and what to do, so the
 * server prints it as it is: a stack trace would only bury it.
 */
export class StartError extends Error {
  override name = 'StartError';
}
