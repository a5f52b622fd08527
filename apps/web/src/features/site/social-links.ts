import { SOCIAL_LINKS, type SocialLinkKey } from '@journey/contracts/constants';
import {
  IconBrandGithub,
  IconBrandLinkedin,
  IconBrandX,
  IconBrandYoutube,
  IconMicrophone,
  type Icon,
} from '@tabler/icons-react';
import type { SiteInfo } from '../../lib/site-context';

const ICONS: Record<SocialLinkKey, Icon> = {
  twitter: IconBrandX,
  github: IconBrandGithub,
  linkedin: IconBrandLinkedin,
  youtube: IconBrandYoutube,
  podcast: IconMicrophone,
};

export interface SocialLink {
  key: SocialLinkKey;
  label: string;
  href: string;
  icon: Icon;
}

/** The owner's social links that are set, in the settings' order: an unset one is not shown at all. */
export function socialLinksOf(site: Pick<SiteInfo, 'links'>): SocialLink[] {
  return SOCIAL_LINKS.filter(({ key }) => site.links[key] !== '').map(({ key, label }) => ({
    key,
    label,
    href: site.links[key],
    icon: ICONS[key],
  }));
}
