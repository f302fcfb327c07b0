/**
 * The icons, drawn from one SVG sprite (issue 19: "icons as one sprite"): each icon is an <svg> holding a single <use>
 * of its symbol in /icons.svg (app/routes/icons[.]svg.tsx, built from lucide-react's own drawings, cached for a year
 * under a versioned address), instead of its paths repeated in every row of every page. They take lucide's props
 * (size, strokeWidth, color, className, aria-*) and keep its look and its class lucide-<id>.
 *
 * Import icons from here, not from lucide-react. A new icon: add its line below (its lucide name and the id of lucide's
 * first class lucide-<id>); tests/integration/icons.test.ts checks every line against lucide-react.
 */
import { forwardRef } from "react";
import type { LucideIcon, LucideProps } from "lucide-react";

export type { LucideIcon, LucideProps };

/** lucide-react's version the sprite is drawn from (the test checks it against the installed one). */
export const LUCIDE_VERSION = "1.75.0";
const ids = new Set<string>();

/** The sprite's address: a new icon or a new lucide gives a new address, so the year-long cache never goes stale. */
export function iconSpriteHref(): string {
  return `/icons.svg?v=${LUCIDE_VERSION}-${ids.size}`;
}

function spriteIcon(id: string): LucideIcon {
  ids.add(id);
  const Icon = forwardRef<SVGSVGElement, LucideProps>(
    ({ size = 24, color = "currentColor", strokeWidth = 2, absoluteStrokeWidth, className, children, ...rest }, ref) => {
      const labelled = Object.keys(rest).some((key) => key === "aria-label" || key === "aria-labelledby" || key === "title" || key === "role");
      return (
        <svg
          ref={ref}
          xmlns="http://www.w3.org/2000/svg"
          width={size}
          height={size}
          viewBox="0 0 24 24"
          fill="none"
          stroke={color}
          strokeWidth={absoluteStrokeWidth ? (Number(strokeWidth) * 24) / Number(size) : strokeWidth}
          strokeLinecap="round"
          strokeLinejoin="round"
          className={className ? `lucide lucide-${id} ${className}` : `lucide lucide-${id}`}
          aria-hidden={labelled ? undefined : "true"}
          {...rest}
        >
          <use href={`${iconSpriteHref()}#${id}`} />
          {children}
        </svg>
      );
    }
  );
  Icon.displayName = id;
  return Icon as LucideIcon;
}

/** Every symbol id of the sprite. */
export const iconIds = (): string[] => [...ids];

export const AlertCircle = spriteIcon("circle-exclamation-point");
export const ArrowDown = spriteIcon("arrow-down");
export const ArrowDownToLine = spriteIcon("arrow-down-to-line");
export const ArrowLeft = spriteIcon("arrow-left");
export const ArrowRight = spriteIcon("arrow-right");
export const ArrowUp = spriteIcon("arrow-up");
export const ArrowUpDown = spriteIcon("arrow-up-down");
export const ArrowUpFromLine = spriteIcon("arrow-up-from-line");
export const BadgeCheck = spriteIcon("badge-check");
export const Banknote = spriteIcon("banknote");
export const Bell = spriteIcon("bell");
export const Building2 = spriteIcon("building-complex");
export const Check = spriteIcon("check");
export const CheckCircle2 = spriteIcon("circle-check");
export const ChevronDown = spriteIcon("chevron-down");
export const ChevronLeft = spriteIcon("chevron-left");
export const ChevronRight = spriteIcon("chevron-right");
export const Circle = spriteIcon("circle");
export const CircleAlert = spriteIcon("circle-exclamation-point");
export const CircleCheck = spriteIcon("circle-check");
export const Clock = spriteIcon("clock");
export const Construction = spriteIcon("construction");
export const Download = spriteIcon("download");
export const ExternalLink = spriteIcon("external-link");
export const Eye = spriteIcon("eye");
export const FileImage = spriteIcon("file-image");
export const FilePlus2 = spriteIcon("file-plus-corner");
export const FileSpreadsheet = spriteIcon("file-spreadsheet");
export const FileText = spriteIcon("file-text");
export const FileUp = spriteIcon("file-up");
export const GitMerge = spriteIcon("git-merge");
export const History = spriteIcon("rotate-ccw-clock");
export const Inbox = spriteIcon("inbox");
export const Info = spriteIcon("info");
export const KeyRound = spriteIcon("key-round");
export const Landmark = spriteIcon("landmark");
export const LayoutDashboard = spriteIcon("layout-dashboard");
export const Link2 = spriteIcon("link-2");
export const ListFilter = spriteIcon("list-filter");
export const Loader2 = spriteIcon("loader-circle");
export const Lock = spriteIcon("lock");
export const LockOpen = spriteIcon("lock-open");
export const LogOut = spriteIcon("log-out");
export const Mail = spriteIcon("mail");
export const MailCheck = spriteIcon("mail-check");
export const MailX = spriteIcon("mail-x");
export const Menu = spriteIcon("menu");
export const MinusCircle = spriteIcon("circle-minus");
export const Paperclip = spriteIcon("paperclip");
export const Pencil = spriteIcon("pencil");
export const Plus = spriteIcon("plus");
export const PlusCircle = spriteIcon("circle-plus");
export const ReceiptText = spriteIcon("receipt-text");
export const RefreshCw = spriteIcon("refresh-cw");
export const Search = spriteIcon("search");
export const Send = spriteIcon("send");
export const Server = spriteIcon("server");
export const Settings = spriteIcon("settings");
export const Settings2 = spriteIcon("settings-2");
export const ShieldAlert = spriteIcon("shield-exclamation-point");
export const ShieldCheck = spriteIcon("shield-check");
export const ShieldOff = spriteIcon("shield-off");
export const Trash2 = spriteIcon("trash");
export const TriangleAlert = spriteIcon("triangle-exclamation-point");
export const Unplug = spriteIcon("unplug");
export const Upload = spriteIcon("upload");
export const Wallet = spriteIcon("wallet");
export const Workflow = spriteIcon("workflow");
export const X = spriteIcon("x");
export const Zap = spriteIcon("zap");
export const ZoomIn = spriteIcon("zoom-in");
export const ZoomOut = spriteIcon("zoom-out");
