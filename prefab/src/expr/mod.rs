//! The `{{ … }}` expression language (placeholder: see issue 3).
