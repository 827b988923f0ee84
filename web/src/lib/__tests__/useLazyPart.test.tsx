import { act, render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { useLazyPart } from "../useLazyPart";

const Loaded = () => <p>part loaded</p>;

function Probe({ loadPart, onFail }: { loadPart: () => Promise<typeof Loaded>; onFail: () => void }) {
  const { Part, failures, load, dismiss } = useLazyPart(loadPart, "the probe");
  return (
    <div>
      <button onClick={() => load(onFail)}>load</button>
      <button onClick={dismiss}>dismiss</button>
      <output>{failures}</output>
      {Part ? <Part /> : null}
    </div>
  );
}

describe("useLazyPart", () => {
  it("counts failed loads, then shows the part and forgets the failures once one succeeds", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    let fail = true;
    // Not a chunk error, so no reload is attempted and the failure is the caller's to show.
    const loadPart = () => (fail ? Promise.reject(new Error("network down")) : Promise.resolve(Loaded));
    const onFail = vi.fn();
    render(<Probe loadPart={loadPart} onFail={onFail} />);
    act(() => screen.getByText("load").click());
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe("1"));
    expect(onFail).toHaveBeenCalledTimes(1);
    act(() => screen.getByText("load").click());
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe("2"));
    fail = false;
    act(() => screen.getByText("load").click());
    await screen.findByText("part loaded");
    expect(screen.getByRole("status").textContent).toBe("0");
    expect(onFail).toHaveBeenCalledTimes(2);
  });

  it("dismiss clears the failures", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    render(<Probe loadPart={() => Promise.reject(new Error("offline"))} onFail={() => {}} />);
    act(() => screen.getByText("load").click());
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe("1"));
    act(() => screen.getByText("dismiss").click());
    expect(screen.getByRole("status").textContent).toBe("0");
  });
});
