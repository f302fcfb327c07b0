/**
 * The bill's page images (spec p3 §2.1 right column): one page at a time with zoom and 'Page n of m'. Each page is an
 * <img> of GET /bills/documents/:id/pages/:index (decision 049), so it shows without JavaScript; with the flag
 * shouldGetZippedRipeImage the page fetches pages.zip once after hydration and shows its entries instead. 'Loading...'
 * while an image loads; a 404 (archived since) or no pages: the archived message.
 */
import { ChevronLeft, ChevronRight, ZoomIn, ZoomOut } from "~/components/ui/icons";
import { useEffect, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { useHydrated } from "~/components/invoices/selection";
import { readStoredZip } from "./stored-zip";

const ZOOM_STEP = 0.25;
const ZOOM_MIN = 0.5;
const ZOOM_MAX = 3;

export interface PageViewerProps {
  documentId: number;
  fileName: string;
  pages: { pageIndex: number; mimeType: string }[];
  archived: boolean;
  archivedMessage: string;
  zipped: boolean;
}

export function PageViewer({ documentId, fileName, pages, archived, archivedMessage, zipped }: PageViewerProps) {
  const hydrated = useHydrated();
  const [position, setPosition] = useState(0);
  const [zoom, setZoom] = useState(1);
  const [loading, setLoading] = useState(true);
  const [gone, setGone] = useState(false);
  const [zipUrls, setZipUrls] = useState<string[] | null>(null);
  const image = useRef<HTMLImageElement>(null);

  useEffect(() => {
    setPosition(0);
    setGone(false);
    setZipUrls(null);
  }, [documentId]);

  useEffect(() => {
    if (!zipped || archived || pages.length === 0) return;
    let cancelled = false;
    const made: string[] = [];
    fetch(`/bills/documents/${documentId}/pages.zip`, { credentials: "same-origin" })
      .then(async (response) => {
        if (response.status === 404) {
          if (!cancelled) setGone(true);
          return;
        }
        if (!response.ok) return;
        const entries = readStoredZip(await response.arrayBuffer());
        if (cancelled) return;
        for (const [index, entry] of entries.entries())
          made.push(URL.createObjectURL(new Blob([entry.bytes], { type: pages[index]?.mimeType ?? "image/png" })));
        setZipUrls(made);
      })
      // The single PNGs stay on a failed or unreadable zip.
      .catch(() => undefined);
    return () => {
      cancelled = true;
      for (const url of made) URL.revokeObjectURL(url);
    };
  }, [zipped, archived, documentId, pages]);

  const page = pages[Math.min(position, pages.length - 1)];
  const src = page ? zipUrls?.[position] ?? `/bills/documents/${documentId}/pages/${page.pageIndex}` : null;

  useEffect(() => {
    // An image the browser finished before hydration fired its load event before React listened.
    const element = image.current;
    setLoading(!(element && element.complete && element.naturalWidth > 0));
  }, [src]);

  if (archived || gone || !page || !src) {
    return (
      <div className="flex min-h-64 items-center justify-center rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground" role="status">
        {archivedMessage}
      </div>
    );
  }

  const count = pages.length;
  const label = `Page ${position + 1} of ${count}`;
  return (
    <section aria-label="Bill pages" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex items-center gap-1">
          <Button
            type="button"
            variant="outline"
            size="icon"
            aria-label="Previous page"
            disabled={!hydrated || position === 0}
            onClick={() => setPosition((at) => Math.max(0, at - 1))}
          >
            <ChevronLeft className="size-4" aria-hidden />
          </Button>
          <span className="min-w-24 text-center text-sm" aria-live="polite">
            {label}
          </span>
          <Button
            type="button"
            variant="outline"
            size="icon"
            aria-label="Next page"
            disabled={!hydrated || position >= count - 1}
            onClick={() => setPosition((at) => Math.min(count - 1, at + 1))}
          >
            <ChevronRight className="size-4" aria-hidden />
          </Button>
        </div>
        <div className="flex items-center gap-1">
          <Button
            type="button"
            variant="outline"
            size="icon"
            aria-label="Zoom out"
            disabled={!hydrated || zoom <= ZOOM_MIN}
            onClick={() => setZoom((z) => Math.max(ZOOM_MIN, z - ZOOM_STEP))}
          >
            <ZoomOut className="size-4" aria-hidden />
          </Button>
          <span className="min-w-12 text-center text-sm tabular-nums">{Math.round(zoom * 100)}%</span>
          <Button
            type="button"
            variant="outline"
            size="icon"
            aria-label="Zoom in"
            disabled={!hydrated || zoom >= ZOOM_MAX}
            onClick={() => setZoom((z) => Math.min(ZOOM_MAX, z + ZOOM_STEP))}
          >
            <ZoomIn className="size-4" aria-hidden />
          </Button>
        </div>
      </div>
      {/* Scrolls both ways: focusable so a keyboard can scroll it (WCAG 2.1.1), named for the one region it is. */}
      <div role="group" aria-label="Page image (scrolls)" tabIndex={0} className="relative max-h-[80vh] min-h-64 overflow-auto rounded-lg border bg-muted/30 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
        {hydrated && loading ? (
          <p className="absolute inset-0 flex items-center justify-center text-sm text-muted-foreground" role="status">
            Loading...
          </p>
        ) : null}
        <img
          ref={image}
          key={src}
          src={src}
          alt={`${label} of ${fileName}`}
          style={{ width: `${zoom * 100}%`, maxWidth: "none" }}
          className="block h-auto"
          onLoad={() => setLoading(false)}
          onError={() => {
            setLoading(false);
            setGone(true);
          }}
        />
      </div>
    </section>
  );
}
