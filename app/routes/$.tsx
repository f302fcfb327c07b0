import { NotFoundPage } from "~/components/layout/error-pages";
import { notFoundResponse } from "~/web/http.server";

/** Any unknown path: 404 with the not-found page and a link home (spec p1 §2). */
export function loader() {
  throw notFoundResponse();
}

export default function UnknownPath() {
  return <NotFoundPage />;
}

export function ErrorBoundary() {
  return <NotFoundPage />;
}
