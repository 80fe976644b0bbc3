import { describe, expect, it } from "vitest";
import { localInputValue, moveToZone, parseLocalInput, readOffset, zoneLabel } from "~/lib/contest-draft";

// The contest form's times: datetime-local text in a zone named by `getTimezoneOffset()` minutes.

describe("contest form times", () => {
  const moment = new Date("2031-03-01T02:30:00.000Z");

  it("writes and reads a moment in a given zone", () => {
    expect(localInputValue(moment, -480)).toBe("2031-03-01T10:30");
    expect(localInputValue(moment, 300)).toBe("2031-02-28T21:30");
    expect(parseLocalInput("2031-03-01T10:30", -480)?.toISOString()).toBe(moment.toISOString());
    expect(parseLocalInput("2031-02-28T21:30", 300)?.toISOString()).toBe(moment.toISOString());
    expect(parseLocalInput("2031-03-01T10:30:15", 0)?.toISOString()).toBe("2031-03-01T10:30:15.000Z");
  });

  it("refuses text that names no moment", () => {
    for (const bad of ["", "tomorrow", "2031-02-31T10:00", "2031-03-01T25:00", "2031-03-01 10:00"]) expect(parseLocalInput(bad, 0)).toBeNull();
  });

  it("moves a form's time from one zone to another", () => {
    expect(moveToZone("2031-03-01T10:30", -480, 0)).toBe("2031-03-01T02:30");
    expect(moveToZone("not a time", -480, 0)).toBe("not a time");
  });

  it("reads only real zones and labels them", () => {
    expect(readOffset("-480")).toBe(-480);
    expect(readOffset("0")).toBe(0);
    expect(readOffset("900")).toBeNull();
    expect(readOffset("abc")).toBeNull();
    expect(zoneLabel(-480)).toBe("UTC+08:00");
    expect(zoneLabel(330)).toBe("UTC-05:30");
    expect(zoneLabel(0)).toBe("UTC");
  });
});
