// The `hello` example's users (examples/src/users.rs) and its show_users title and
// user_stats data, computed the same way, so every server of the load benchmark serves
// the same 300 rows and the same small JSON.
const FIRST = ["Ada", "Grace", "Alan", "Edsger", "Barbara", "Donald", "Frances", "John", "Radia", "Ken", "Lynn", "Niklaus"];
const LAST = ["Lovelace", "Hopper", "Turing", "Dijkstra", "Liskov", "Knuth", "Allen", "Backus", "Perlman", "Thompson"];
const ROLES = ["admin", "editor", "viewer"];

export const USER_COUNT = 300;

/// `count` users: the same list as examples::users::users(count).
export function users(count = USER_COUNT) {
  const out = [];
  for (let id = 1; id <= count; id++) {
    const first = FIRST[id % FIRST.length];
    const last = LAST[(id * 7) % LAST.length];
    out.push({
      id,
      name: `${first} ${last}`,
      email: `${first.toLowerCase()}.${last.toLowerCase()}${id}@example.com`,
      role: ROLES[id % 10 === 0 ? 0 : 1 + (id % 2)],
      active: id % 7 !== 0,
    });
  }
  return out;
}

const count = (list, role) => list.filter((u) => u.role === role).length;

/// The table's title (examples::hello's summary).
export function summary(list) {
  const active = list.filter((u) => u.active).length;
  return `${list.length} users (${count(list, "admin")} admins, ${count(list, "editor")} editors, ${count(list, "viewer")} viewers; ${active} active)`;
}

/// user_stats' structured result.
export function stats(list) {
  return {
    total: list.length,
    active: list.filter((u) => u.active).length,
    byRole: { admin: count(list, "admin"), editor: count(list, "editor"), viewer: count(list, "viewer") },
  };
}
