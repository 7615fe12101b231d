//! Believable, deterministic sales orders for the gallery: every field drawn from its own
//! seeded stream (a SplitMix64 generator), with weights that give the data a shape — more
//! orders towards the end of the year and a holiday peak, a few big regions and a long tail,
//! cheap plans sold often and large contracts rarely.
use serde::Serialize;

/// The seed of every stream: the same orders on every run and machine.
const SEED: u64 = 2025;

const CUSTOMERS: [&str; 16] = [
    "Acme Corp",
    "Globex",
    "Initech",
    "Umbrella",
    "Hooli",
    "Stark Industries",
    "Wayne Enterprises",
    "Wonka Industries",
    "Soylent",
    "Tyrell",
    "Cyberdyne",
    "Massive Dynamic",
    "Aperture Science",
    "Vandelay Industries",
    "Pied Piper",
    "Oscorp",
];

/// Sales regions and their share of the orders.
pub(super) const REGIONS: [(&str, f64); 4] = [
    ("North America", 0.41),
    ("Europe", 0.29),
    ("Asia Pacific", 0.19),
    ("Latin America", 0.11),
];

/// Product lines: share of the orders and the price range in dollars.
pub(super) const PRODUCTS: [(&str, f64, f64, f64); 5] = [
    ("Starter", 0.34, 29.0, 99.0),
    ("Team", 0.27, 240.0, 960.0),
    ("Business", 0.17, 900.0, 2_600.0),
    ("Enterprise", 0.05, 5_000.0, 9_500.0),
    ("Support", 0.16, 200.0, 1_200.0),
];

/// Orders per month before the growth trend: a summer lull and a holiday peak.
const SEASON: [f64; 12] = [
    0.86, 0.80, 0.95, 0.97, 1.00, 0.90, 0.84, 0.88, 1.04, 1.10, 1.24, 1.38,
];
/// Growth of the order count from one month to the next.
const GROWTH: f64 = 0.035;

const DAYS: [u32; 12] = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/// One order of the generated sales data.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Order {
    /// Order number (ascending with the date).
    pub id: u32,
    /// Date, `2025-MM-DD`.
    pub date: String,
    /// Customer name.
    pub customer: &'static str,
    /// Sales region.
    pub region: &'static str,
    /// Product line.
    pub product: &'static str,
    /// Amount in dollars (whole cents).
    pub amount: f64,
    /// `paid`, `pending` or `refunded`.
    pub status: &'static str,
}

/// SplitMix64: a tiny, well-mixed generator; one per field, so each field's values do not
/// depend on how many values the other fields drew.
struct Stream(u64);

impl Stream {
    fn new(field: &str) -> Stream {
        // FNV-1a of the field name, mixed into the seed.
        let salt = field.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
        });
        Stream(SEED ^ salt)
    }

    fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform in `[0, 1)`.
    fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// An index into `weights`, chosen in proportion to them.
    fn weighted(&mut self, weights: impl Iterator<Item = f64> + Clone) -> usize {
        let total: f64 = weights.clone().sum();
        let mut at = self.unit() * total;
        let mut last = 0;
        for (i, w) in weights.enumerate() {
            if at < w {
                return i;
            }
            at -= w;
            last = i;
        }
        last
    }
}

/// `count` deterministic orders over 2025, numbered in date order.
///
/// ```
/// let orders = examples::gallery::orders(300);
/// assert_eq!(orders[0].id, 10001);
/// assert!(orders.windows(2).all(|w| w[0].date <= w[1].date));
/// assert!(orders.iter().any(|o| o.product == "Enterprise"));
/// ```
#[must_use]
pub fn orders(count: u32) -> Vec<Order> {
    let [
        mut day,
        mut region,
        mut product,
        mut price,
        mut customer,
        mut status,
    ] = ["day", "region", "product", "price", "customer", "status"].map(Stream::new);
    // Each month gets its share of the orders (season × growth), so the counts follow the
    // curve exactly; what was ordered, where and for how much is drawn.
    let weights: Vec<f64> = (0..12)
        .map(|m| SEASON[m] * (1.0 + GROWTH).powi(m as i32))
        .collect();
    let total: f64 = weights.iter().sum();
    let month_of = |i: u32| {
        let mut at = (f64::from(i) + 0.5) / f64::from(count.max(1)) * total;
        weights
            .iter()
            .position(|w| {
                at -= w;
                at < 0.0
            })
            .unwrap_or(11)
    };
    let customer_weights = (0..CUSTOMERS.len()).map(|i| 1.0 / (i as f64 + 1.0).powf(0.8));
    let mut drawn: Vec<(u32, u32, Order)> = (0..count)
        .map(|i| {
            let m = month_of(i);
            let d = 1 + (day.unit() * f64::from(DAYS[m])) as u32;
            let (name, _, low, high) = PRODUCTS[product.weighted(PRODUCTS.iter().map(|p| p.1))];
            // Skewed towards the low end of the range: most deals are small.
            let dollars = low + (high - low) * price.unit().powf(1.6);
            // The last days of the year are not all settled yet.
            let pending = if m == 11 && d > 20 { 0.45 } else { 0.09 };
            let state = status.weighted([1.0 - pending - 0.05, pending, 0.05].into_iter());
            let order = Order {
                id: 0,
                date: format!("2025-{:02}-{d:02}", m + 1),
                customer: CUSTOMERS[customer.weighted(customer_weights.clone())],
                region: REGIONS[region.weighted(REGIONS.iter().map(|r| r.1))].0,
                product: name,
                amount: (dollars * 100.0).round() / 100.0,
                status: ["paid", "pending", "refunded"][state],
            };
            (m as u32, d, order)
        })
        .collect();
    drawn.sort_by_key(|(m, d, _)| (*m, *d));
    drawn
        .into_iter()
        .zip(10_001..)
        .map(|((_, _, order), id)| Order { id, ..order })
        .collect()
}
