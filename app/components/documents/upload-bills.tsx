/**
 * The Upload bills control (issue 16 part 2) on every review list and the dashboard: several PDF, JPG or PNG files
 * posted at once (multipart) to the page itself. Works without JavaScript; each refused file is listed on the field
 * with its reason, the files received are said beside it; a post with nothing refused comes back with a toast.
 */
import { Form, useActionData, useLocation, useNavigation } from "@remix-run/react";
import { Upload } from "~/components/ui/icons";
import { Button } from "~/components/ui/button";
import { Label } from "~/components/ui/label";
import { formErrorsOf } from "~/lib/form-errors";
import type { UploadBillsActionData } from "~/web/documents/upload.server";

const INTENT = "upload-bills";
const ACCEPT = ".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png";

export function UploadBills() {
  const navigation = useNavigation();
  const location = useLocation();
  const data = useActionData<UploadBillsActionData>();
  const { fieldErrors } = formErrorsOf(data);
  const error = fieldErrors.files ?? null;
  const upload = data && "upload" in data ? data.upload : undefined;
  const posting = navigation.state === "submitting" && navigation.formData?.get("intent") === INTENT;
  const received = upload?.received ?? [];
  return (
    // A new location (the redirect after a post) gives a fresh form: the chosen files are cleared.
    <Form key={location.key} method="post" encType="multipart/form-data" className="rounded-lg border bg-card p-4" aria-label="Upload bills">
      <input type="hidden" name="intent" value={INTENT} />
      <div className="flex flex-wrap items-end gap-3">
        <div className="min-w-0 flex-1 space-y-1.5">
          <Label htmlFor="upload-bills-files" required>
            Bill files
          </Label>
          <input
            id="upload-bills-files"
            aria-required="true"
            name="files"
            type="file"
            multiple
            accept={ACCEPT}
            aria-invalid={Boolean(error)}
            aria-describedby={error ? "upload-bills-error upload-bills-hint" : "upload-bills-hint"}
            className="block w-full min-w-0 text-sm file:mr-3 file:rounded-md file:border file:border-input file:bg-background file:px-3 file:py-2 file:text-sm file:font-medium"
          />
          <p id="upload-bills-hint" className="text-xs text-muted-foreground">
            PDF, JPG or PNG, up to 10 MB each. Choose several files at once.
          </p>
        </div>
        <Button type="submit" disabled={posting}>
          <Upload aria-hidden className="size-4" />
          {posting ? "Uploading..." : "Upload bills"}
        </Button>
      </div>
      {error ? (
        <ul id="upload-bills-error" className="mt-3 space-y-1 text-sm font-medium text-destructive">
          {error.split("\n").map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : null}
      {received.length ? (
        <p role="status" className="mt-2 text-sm text-muted-foreground">
          Received: {received.map((file) => `${file.fileName}${file.duplicate ? " (already received)" : ""}`).join(", ")}
        </p>
      ) : null}
    </Form>
  );
}
