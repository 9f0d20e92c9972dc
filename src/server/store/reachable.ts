/** Whether a service answers a probe within a short time; a hanging connection counts as unreachable. */
export async function answersWithin(probe: () => Promise<unknown>, timeoutMs = 1000): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<false>((resolve) => (timer = setTimeout(resolve, timeoutMs, false)));
  try {
    return await Promise.race([
      probe().then(
        () => true,
        () => false,
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}
