// The coupons' table as other modules' statements may name it (orders/ owns coupon).

/** `LEFT JOIN` of the coupon `alias` whose id is the SQL expression `id`. */
export const joinCoupon = (alias: string, id: string): string => `LEFT JOIN coupon ${alias} ON ${alias}.id = ${id}`;
