/**
 * @jest-environment node
 */
// jsdom has no MessageChannel; Node's delivers a message in a later task, as a browser does.
import { nextTask } from "../nextTask";

describe("nextTask", () => {
  it("resolves once the current task and its microtasks have finished", async () => {
    const order: string[] = [];
    const next = nextTask().then(() => order.push("the next task"));
    void Promise.resolve()
      .then(() => Promise.resolve())
      .then(() => order.push("this task's microtasks"));
    order.push("this task");
    await next;
    expect(order).toEqual(["this task", "this task's microtasks", "the next task"]);
  });
});
