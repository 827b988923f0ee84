import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { resetStorageWarning } from "../../../lib/storage";
import { ANNOUNCEMENT_KEY, AnnouncementBar, resetAnnouncementMemory } from "..";

const bar = { id: "launch-1", content: 'New: <a href="/tutorials">tutorials</a>', isCloseable: true };

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
  resetAnnouncementMemory();
  resetStorageWarning();
  document.documentElement.removeAttribute("data-announcement-dismissed");
});

describe("AnnouncementBar", () => {
  it("shows the announcement until closed and remembers the closed id", () => {
    render(<AnnouncementBar bar={bar} />);
    expect(screen.getByRole("region", { name: "Announcement" }).textContent).toContain("New: tutorials");
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("region")).toBeNull();
    expect(localStorage.getItem(ANNOUNCEMENT_KEY)).toBe("launch-1");
  });

  it("stays closed for the same id and shows again for a new id", () => {
    localStorage.setItem(ANNOUNCEMENT_KEY, "launch-1");
    const { rerender } = render(<AnnouncementBar bar={bar} />);
    expect(screen.queryByRole("region")).toBeNull();
    rerender(<AnnouncementBar bar={{ ...bar, id: "launch-2" }} />);
    expect(screen.getByRole("region")).toBeTruthy();
  });

  it("forgets the dismissal of an older announcement once a new id is shown", () => {
    localStorage.setItem(ANNOUNCEMENT_KEY, "launch-0");
    render(<AnnouncementBar bar={bar} />);
    expect(screen.getByRole("region", { name: "Announcement" })).toBeTruthy();
    expect(localStorage.getItem(ANNOUNCEMENT_KEY)).toBeNull();
  });

  it("keeps the dismissal while the same id is configured", () => {
    localStorage.setItem(ANNOUNCEMENT_KEY, "launch-1");
    render(<AnnouncementBar bar={bar} />);
    expect(screen.queryByRole("region")).toBeNull();
    expect(localStorage.getItem(ANNOUNCEMENT_KEY)).toBe("launch-1");
  });

  it("has no close button when it is not closeable", () => {
    render(<AnnouncementBar bar={{ ...bar, isCloseable: false }} />);
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("closes when another tab closes it", () => {
    render(<AnnouncementBar bar={bar} />);
    act(() => {
      localStorage.setItem(ANNOUNCEMENT_KEY, "launch-1");
      window.dispatchEvent(new StorageEvent("storage", { key: ANNOUNCEMENT_KEY }));
    });
    expect(screen.queryByRole("region")).toBeNull();
  });

  it("still closes, for this page view, without storage", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    vi.spyOn(window, "localStorage", "get").mockImplementation(() => {
      throw new DOMException("denied", "SecurityError");
    });
    render(<AnnouncementBar bar={bar} />);
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("region")).toBeNull();
    expect(warn).toHaveBeenCalledTimes(1);
  });
});
