/**
 * The Get started checklist (issue 20 part 3): each item says what to do, links to the screen that does it, and is
 * ticked when the company's data says it is done. Plain links and text: it works without JavaScript.
 */
import { Link } from "@remix-run/react";
import { buttonVariants } from "~/components/ui/button";
import { Circle, CircleCheck } from "~/components/ui/icons";
import { cn } from "~/lib/utils";
import type { ChecklistItem } from "~/modules/first-run/rules";

export function FirstRunChecklist({ items, doneCount }: { items: ChecklistItem[]; doneCount: number }) {
  return (
    <section aria-labelledby="checklist-title" className="rounded-lg border bg-card shadow-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-2 border-b p-5">
        <h2 id="checklist-title" className="text-lg font-semibold">
          What to do next
        </h2>
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {doneCount} of {items.length} done
        </p>
      </div>
      <ol className="divide-y" aria-label="Checklist">
        {items.map((item, index) => (
          <li key={item.id} className="flex gap-4 p-5">
            {item.done ? (
              <CircleCheck className="mt-0.5 size-6 shrink-0 text-primary" aria-hidden />
            ) : (
              <Circle className="mt-0.5 size-6 shrink-0 text-muted-foreground" aria-hidden />
            )}
            <div className="min-w-0 flex-1 space-y-2">
              <h3 id={`step-${item.id}-title`} className={cn("font-semibold leading-6", item.done && "text-muted-foreground")}>
                <span className="sr-only">{`Step ${index + 1}: `}</span>
                {item.title}
                <span className="sr-only">{item.done ? " (done)" : " (to do)"}</span>
              </h3>
              <p className="text-sm text-muted-foreground">{item.description}</p>
              {item.note ? (
                <p className={cn("text-sm font-medium", item.done ? "text-primary" : "text-foreground")}>{item.note}</p>
              ) : null}
              <div className="flex flex-wrap gap-2 pt-1">
                {item.links.map((link, linkIndex) => (
                  <Link
                    key={link.to}
                    to={link.to}
                    className={buttonVariants({ variant: item.done || linkIndex > 0 ? "outline" : "default", size: "sm" })}
                  >
                    {link.label}
                  </Link>
                ))}
              </div>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
