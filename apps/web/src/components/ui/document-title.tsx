import { useChannel } from '../../lib/channel.ts';

/** Sets the tab title (React 19 hoists <title> into the head). */
export function DocumentTitle({ title }: { title?: string | undefined }) {
  const channel = useChannel();
  const site = channel.data?.name ?? 'Tokenwerk';
  return <title>{title ? `${title} · ${site}` : site}</title>;
}
