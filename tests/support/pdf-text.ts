import { extractText, getDocumentProxy } from "unpdf";

/** The text of a PDF, page by page, as a reader (or a copy-paste) gets it: proves what is printed, not how it is encoded. */
export async function pdfPages(pdf: Buffer): Promise<string[]> {
  const document = await getDocumentProxy(new Uint8Array(pdf));
  const { text } = await extractText(document, { mergePages: false });
  return text;
}

export async function pdfText(pdf: Buffer): Promise<string> {
  return (await pdfPages(pdf)).join("\n");
}
