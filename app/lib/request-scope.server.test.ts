import { describe, expect, it } from "vitest";
import { oncePerRequest, runInRequestScope } from "./request-scope.server";

describe("one request's memo (issue 19)", () => {
  const counter = () => {
    let calls = 0;
    return { read: () => Promise.resolve(++calls), calls: () => calls };
  };

  it("computes a key once in a GET request, shared by concurrent loaders, and again in the next request", async () => {
    const session = counter();
    await runInRequestScope("GET", async () => {
      const values = await Promise.all([oncePerRequest("session:a", session.read), oncePerRequest("session:a", session.read), oncePerRequest("session:a", session.read)]);
      expect(values).toEqual([1, 1, 1]);
      expect(await oncePerRequest("session:b", session.read)).toBe(2);
    });
    await runInRequestScope("GET", async () => expect(await oncePerRequest("session:a", session.read)).toBe(3));
  });

  it("memoises nothing in a POST (its action may change what a later loader reads) or outside a request", async () => {
    const session = counter();
    await runInRequestScope("POST", async () => {
      await oncePerRequest("session:a", session.read);
      await oncePerRequest("session:a", session.read);
    });
    await oncePerRequest("session:a", session.read);
    expect(session.calls()).toBe(3);
  });
});
