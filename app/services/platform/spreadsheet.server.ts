import ExcelJS from "exceljs";

// Results to take away: one table written as CSV (UTF-8 with a byte order mark, so spreadsheet
// programs read Chinese names right; CRLF lines, RFC 4180 quoting) or as an Excel workbook
// (exceljs: the header row bold and frozen, numbers as numbers). A CSV text cell that a spreadsheet
// would run as a formula gets a leading apostrophe.

export type Cell = string | number | null;

export interface Table {
  /** The sheet's name (at most 31 characters in a workbook). */
  sheet: string;
  columns: string[];
  rows: Cell[][];
  /** A line under the table in a workbook (a sealed board says so); a CSV file holds the table alone. */
  note?: string;
}

export type TableFormat = "csv" | "xlsx";

/** A text that starts like a formula (=, +, @, -text, a tab) keeps a leading apostrophe. */
function safeText(s: string): string {
  return /^[=+@\t\r]/.test(s) || /^-[^\d.]/.test(s) ? `'${s}` : s;
}

function csvField(v: Cell): string {
  if (v === null) return "";
  const s = typeof v === "number" ? String(v) : safeText(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function tableCsv(t: Table): string {
  const lines: string[] = [];
  lines.push(t.columns.map(csvField).join(","));
  for (const row of t.rows) lines.push(row.map(csvField).join(","));
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}

export async function tableXlsx(t: Table): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.creator = "Online Judge";
  const sheet = book.addWorksheet(t.sheet.slice(0, 31) || "Sheet1");
  const head = sheet.addRow(t.columns);
  head.font = { bold: true };
  sheet.views = [{ state: "frozen", ySplit: 1 }];
  // A workbook keeps text as text (never a formula), so it needs no guard.
  for (const row of t.rows) sheet.addRow(row);
  if (t.note) {
    sheet.addRow([]);
    sheet.addRow([t.note]).font = { italic: true };
  }
  t.columns.forEach((name, i) => {
    let widest = name.length;
    for (const r of t.rows) widest = Math.max(widest, String(r[i] ?? "").length);
    sheet.getColumn(i + 1).width = Math.min(40, Math.max(6, widest + 2));
  });
  return Buffer.from(await book.xlsx.writeBuffer());
}

const TYPES: Record<TableFormat, string> = {
  csv: "text/csv; charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
};

/** The format a download asks for (`?format=`); null for anything else. */
export function tableFormatOf(value: string | null): TableFormat | null {
  return value === "csv" || value === "xlsx" ? value : null;
}

/** The table as a file to download, named `<base>.csv` or `<base>.xlsx`. */
export async function tableDownload(t: Table, format: TableFormat, base: string): Promise<Response> {
  const bytes = format === "csv" ? Buffer.from(tableCsv(t), "utf8") : await tableXlsx(t);
  const name = `${base}.${format}`;
  return new Response(new Uint8Array(bytes), {
    headers: {
      "Content-Type": TYPES[format],
      "Content-Disposition": `attachment; filename="${name.replace(/[^\w.-]/g, "_")}"; filename*=UTF-8''${encodeURIComponent(name)}`,
      "Cache-Control": "no-store",
    },
  });
}
