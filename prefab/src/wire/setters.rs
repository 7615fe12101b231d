//! The builder setters every generated wire type shares (components and actions): `prop` for
//! fields the crate does not model, and one setter per required and per optional field.

/// Expands, inside an `impl` block, to `prop` plus a setter for each required field (stored
/// as is) and each optional field (stored as `Some`).
macro_rules! field_setters {
    (required { $($req:ident : $rty:ty),* } optional { $($opt:ident : $oty:ty),* }) => {
        /// Sets a field this crate does not model (kept verbatim on the wire).
        #[must_use]
        pub fn prop(mut self, key: impl Into<String>, value: impl Into<serde_json::Value>) -> Self {
            self.extra.insert(key.into(), value.into());
            self
        }

        $(
            #[doc = concat!("Sets `", stringify!($req), "`.")]
            #[must_use]
            pub fn $req(mut self, value: impl Into<$rty>) -> Self {
                self.$req = value.into();
                self
            }
        )*
        $(
            #[doc = concat!("Sets `", stringify!($opt), "`.")]
            #[must_use]
            pub fn $opt(mut self, value: impl Into<$oty>) -> Self {
                self.$opt = Some(value.into());
                self
            }
        )*
    };
}

pub(crate) use field_setters;
