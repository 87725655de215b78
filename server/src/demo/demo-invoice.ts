/**
 * A garage's invoice as a small real PDF (one A4 page of Helvetica text, about 1 kB), so the demo's
 * finished maintenances carry a file that opens in any viewer. Latin-1 text in WinAnsiEncoding
 * covers French accents; the cross-reference offsets are counted on the bytes written.
 */
export interface InvoiceText {
  number: string;
  supplier: string;
  /** dd/MM/yyyy */
  date: string;
  vehicle: string;
  lines: { label: string; amount: string }[];
  total: string;
}

const escape = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`);

export function invoicePdf(inv: InvoiceText): Buffer {
  const text: [number, number, number, string][] = [
    [16, 56, 780, inv.supplier],
    [10, 56, 762, 'Douala, Cameroun'],
    [14, 56, 720, `Facture N° ${inv.number}`],
    [10, 56, 702, `Date\u00a0: ${inv.date}`],
    [10, 56, 688, `Véhicule\u00a0: ${inv.vehicle}`],
    ...inv.lines.map((l, i): [number, number, number, string] => [10, 56, 650 - i * 16, `${l.label} ........ ${l.amount}`]),
    [12, 56, 630 - inv.lines.length * 16, `Total\u00a0: ${inv.total}`],
  ];
  const stream = text.map(([size, x, y, s]) => `BT /F1 ${size} Tf ${x} ${y} Td (${escape(s)}) Tj ET`).join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`,
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
