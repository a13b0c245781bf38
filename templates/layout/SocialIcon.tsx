// The icon of a footer social link, chosen by the link's name in site.config.ts; a plain link
// symbol for networks without one of their own.
import { Icon, type IconName } from '../components/Icon';

const NETWORKS = new Set<IconName>(['instagram', 'facebook', 'youtube', 'linkedin', 'pinterest', 'tripadvisor']);

export function SocialIcon({ name }: { name: string }) {
  const key = name.toLowerCase().replace(/[^a-z]/g, '') as IconName;
  return <Icon name={NETWORKS.has(key) ? key : 'link'} />;
}
