/**
 * Resolves in a task of its own, so that the work after it does not lengthen the current one. A
 * message to oneself, not a timer: a timer in a tab opened in the background waits for up to a
 * second.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const { port1, port2 } = new MessageChannel();
    port1.onmessage = () => {
      port1.close();
      resolve();
    };
    port2.postMessage(null);
  });
}
