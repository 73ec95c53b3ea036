import { NotFound } from '../../components/not-found.tsx';

/** spec 2: any unknown path shows page-not-found with a link home. */
export function NotFoundPage() {
  return <NotFound />;
}
