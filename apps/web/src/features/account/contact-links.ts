// Where students reach the Zan team (SPEC §2 account page: a messaging app and a social profile).
export const CONTACT_LINKS = [
  {
    id: 'whatsapp',
    label: 'WhatsApp',
    description: 'Message the Zan team',
    href: 'https://wa.me/447700900461',
  },
  {
    id: 'instagram',
    label: 'Instagram',
    description: 'Follow @zan.study for updates',
    href: 'https://www.instagram.com/zan.study',
  },
] as const;
