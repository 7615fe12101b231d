//! The address a client is counted under, for the per-peer connection share
//! ([`serve_router`](super::serve_router)) and the per-caller session share without
//! authorization ([`Sessions`](super::Sessions)).
use std::net::{IpAddr, Ipv6Addr};

/// The address a peer's share is counted under: an IPv4 address (an IPv4-mapped IPv6 one
/// too) as it is, an IPv6 address by its /64 prefix, since one subscriber usually gets a
/// whole /64 and could otherwise open connections from as many addresses as it likes.
pub(super) fn peer_key(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => IpAddr::V6(Ipv6Addr::from_bits(v6.to_bits() & !u128::from(u64::MAX))),
        },
        v4 => v4,
    }
}
