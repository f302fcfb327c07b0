import { Mail } from "~/components/ui/icons";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";

/** Settings → AP Automation (issue 16): the company's inbound bill address; each PDF, JPG or PNG attached becomes a bill document. */
export function InboundEmailCard({ address }: { address: string }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">Email bills to Earlybird</CardTitle>
        <CardDescription>
          Ask your suppliers to send their bills to this address, or forward them yourself. Every PDF, JPG or PNG attached is read and
          matched like an uploaded bill.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <p className="flex min-w-0 items-center gap-2 text-sm">
          <Mail aria-hidden className="size-4 shrink-0 text-muted-foreground" />
          <span className="sr-only">Your bills address: </span>
          <a href={`mailto:${address}`} className="break-all font-medium text-primary underline-offset-4 hover:underline" data-testid="inbound-email-address">
            {address}
          </a>
        </p>
      </CardContent>
    </Card>
  );
}
