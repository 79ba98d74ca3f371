/** A phone number as written ("+44 20 7946 0321") to a tel: link ("tel:+442079460321"). */
export const telHref = (phone: string): string => `tel:${phone.replace(/[^+\d]/g, "")}`;
