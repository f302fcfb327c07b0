import { NotFoundPage } from "~/components/layout/error-pages";

/** Any unknown path: 404 with the not-found page and a link home (spec p1 §2). */
export function loader() {
  throw new Response("Not Found", { status: 404 });
}

export default function UnknownPath() {
  return <NotFoundPage />;
}

export function ErrorBoundary() {
  return <NotFoundPage />;
}
