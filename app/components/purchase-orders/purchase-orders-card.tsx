/** The AP Automation tab's purchase orders card (issue 16 part 1): the Import purchase orders dialog and the template. */
import { Link } from "@remix-run/react";
import { Upload } from "~/components/ui/icons";
import { TemplateLink } from "~/components/import/csv-import-steps";
import { buttonVariants } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { PURCHASE_ORDER_IMPORT_HREF, PURCHASE_ORDER_TEMPLATE_HREF } from "./import-purchase-orders-dialog";

export function PurchaseOrdersCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">Purchase orders</CardTitle>
        <CardDescription>Bills are matched against your purchase orders by order number. Import them from a CSV file; an order already imported is updated.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap items-center gap-4">
        <Link to={PURCHASE_ORDER_IMPORT_HREF} preventScrollReset className={buttonVariants()}>
          <Upload aria-hidden className="size-4" />
          Import purchase orders
        </Link>
        <TemplateLink href={PURCHASE_ORDER_TEMPLATE_HREF} />
      </CardContent>
    </Card>
  );
}
