//! A list of structs → JSON rows, the usual input of the auto renderers, without hashing
//! every key of every row.
//!
//! `serde_json::to_value` builds each row's map by inserting its fields one by one, hashing
//! each key. Here the first row's map (keys, `null` values) is kept as a template and every
//! next row with the same fields in the same order is a clone of it (a clone copies the
//! hash table instead of hashing again) with its values put in place. The result is the
//! same `Value` `serde_json::to_value` gives; anything else than a sequence of structs is
//! declined ([`Unsupported`]) and left to `serde_json::to_value`.
use serde::Serialize;
use serde::ser::{self, Impossible};
use serde_json::{Map, Value};

/// The rows of `input` when it is a sequence of structs, `None` for any other input (or
/// one serde fails on: `serde_json::to_value` then gives the error).
pub(crate) fn struct_rows(input: &impl Serialize) -> Option<Value> {
    input.serialize(Records).ok().map(Value::Array)
}

/// Input this fast path does not take.
#[derive(Debug)]
pub(crate) struct Unsupported;

impl std::fmt::Display for Unsupported {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("not a sequence of structs")
    }
}

impl std::error::Error for Unsupported {}

impl ser::Error for Unsupported {
    fn custom<T: std::fmt::Display>(_: T) -> Self {
        Unsupported
    }
}

/// Declines every kind of value except the ones a serializer names after `decline!`.
macro_rules! decline {
    ($ok:ty; $($method:ident($($arg:ty),*) -> $ret:ty;)*) => {
        $(fn $method(self, $(_: $arg),*) -> Result<$ret, Unsupported> { Err(Unsupported) })*
        fn serialize_some<T: ?Sized + Serialize>(self, _: &T) -> Result<$ok, Unsupported> {
            Err(Unsupported)
        }
        fn serialize_newtype_struct<T: ?Sized + Serialize>(
            self, _: &'static str, _: &T,
        ) -> Result<$ok, Unsupported> {
            Err(Unsupported)
        }
        fn serialize_newtype_variant<T: ?Sized + Serialize>(
            self, _: &'static str, _: u32, _: &'static str, _: &T,
        ) -> Result<$ok, Unsupported> {
            Err(Unsupported)
        }
    };
}

/// The common methods both serializers decline.
macro_rules! decline_scalars {
    ($ok:ty) => {
        decline! { $ok;
            serialize_bool(bool) -> $ok; serialize_i8(i8) -> $ok; serialize_i16(i16) -> $ok;
            serialize_i32(i32) -> $ok; serialize_i64(i64) -> $ok; serialize_u8(u8) -> $ok;
            serialize_u16(u16) -> $ok; serialize_u32(u32) -> $ok; serialize_u64(u64) -> $ok;
            serialize_f32(f32) -> $ok; serialize_f64(f64) -> $ok; serialize_char(char) -> $ok;
            serialize_str(&str) -> $ok; serialize_bytes(&[u8]) -> $ok; serialize_none() -> $ok;
            serialize_unit() -> $ok; serialize_unit_struct(&'static str) -> $ok;
            serialize_unit_variant(&'static str, u32, &'static str) -> $ok;
            serialize_tuple(usize) -> Impossible<$ok, Unsupported>;
            serialize_tuple_struct(&'static str, usize) -> Impossible<$ok, Unsupported>;
            serialize_tuple_variant(&'static str, u32, &'static str, usize)
                -> Impossible<$ok, Unsupported>;
            serialize_map(Option<usize>) -> Impossible<$ok, Unsupported>;
            serialize_struct_variant(&'static str, u32, &'static str, usize)
                -> Impossible<$ok, Unsupported>;
        }
    };
}

/// The top level: a sequence.
struct Records;

impl ser::Serializer for Records {
    type Ok = Vec<Value>;
    type Error = Unsupported;
    type SerializeSeq = RecordList;
    type SerializeTuple = Impossible<Vec<Value>, Unsupported>;
    type SerializeTupleStruct = Impossible<Vec<Value>, Unsupported>;
    type SerializeTupleVariant = Impossible<Vec<Value>, Unsupported>;
    type SerializeMap = Impossible<Vec<Value>, Unsupported>;
    type SerializeStruct = Impossible<Vec<Value>, Unsupported>;
    type SerializeStructVariant = Impossible<Vec<Value>, Unsupported>;

    decline_scalars!(Vec<Value>);

    fn serialize_seq(self, len: Option<usize>) -> Result<RecordList, Unsupported> {
        Ok(RecordList {
            rows: Vec::with_capacity(len.unwrap_or(0)),
            shape: Shape::default(),
        })
    }

    fn serialize_struct(
        self,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeStruct, Unsupported> {
        Err(Unsupported)
    }
}

/// The rows so far and what the next row is built with.
struct RecordList {
    rows: Vec<Value>,
    shape: Shape,
}

/// The map a row of the same fields is cloned from, and the fields of the row being read
/// (one buffer for all rows).
#[derive(Default)]
struct Shape {
    template: Option<Map<String, Value>>,
    fields: Vec<(&'static str, Value)>,
}

impl ser::SerializeSeq for RecordList {
    type Ok = Vec<Value>;
    type Error = Unsupported;

    fn serialize_element<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<(), Unsupported> {
        let row = value.serialize(Record {
            shape: &mut self.shape,
        })?;
        self.rows.push(Value::Object(row));
        Ok(())
    }

    fn end(self) -> Result<Vec<Value>, Unsupported> {
        Ok(self.rows)
    }
}

/// One element: a struct.
struct Record<'a> {
    shape: &'a mut Shape,
}

impl<'a> ser::Serializer for Record<'a> {
    type Ok = Map<String, Value>;
    type Error = Unsupported;
    type SerializeSeq = Impossible<Map<String, Value>, Unsupported>;
    type SerializeTuple = Impossible<Map<String, Value>, Unsupported>;
    type SerializeTupleStruct = Impossible<Map<String, Value>, Unsupported>;
    type SerializeTupleVariant = Impossible<Map<String, Value>, Unsupported>;
    type SerializeMap = Impossible<Map<String, Value>, Unsupported>;
    type SerializeStruct = Fields<'a>;
    type SerializeStructVariant = Impossible<Map<String, Value>, Unsupported>;

    decline_scalars!(Map<String, Value>);

    fn serialize_seq(self, _: Option<usize>) -> Result<Self::SerializeSeq, Unsupported> {
        Err(Unsupported)
    }

    fn serialize_struct(self, name: &'static str, len: usize) -> Result<Fields<'a>, Unsupported> {
        // serde_json's own markers (raw values, arbitrary-precision numbers) are structs.
        if name.starts_with("$serde_json::") {
            return Err(Unsupported);
        }
        self.shape.fields.clear();
        self.shape.fields.reserve(len);
        Ok(Fields { shape: self.shape })
    }
}

/// The fields of one struct, in order.
struct Fields<'a> {
    shape: &'a mut Shape,
}

impl ser::SerializeStruct for Fields<'_> {
    type Ok = Map<String, Value>;
    type Error = Unsupported;

    fn serialize_field<T: ?Sized + Serialize>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), Unsupported> {
        let value = serde_json::to_value(value).map_err(|_| Unsupported)?;
        self.shape.fields.push((key, value));
        Ok(())
    }

    fn end(self) -> Result<Map<String, Value>, Unsupported> {
        let Shape { template, fields } = self.shape;
        let same_shape = |template: &&Map<String, Value>| {
            template.len() == fields.len()
                && template.keys().zip(fields.iter()).all(|(k, (f, _))| k == f)
        };
        if let Some(template) = template.as_ref().filter(same_shape) {
            let mut row = template.clone();
            for (slot, (_, value)) in row.values_mut().zip(fields.drain(..)) {
                *slot = value;
            }
            return Ok(row);
        }
        // What `serde_json::to_value` does: insert in order (a repeated key keeps its first
        // place and takes the last value).
        let mut row = Map::with_capacity(fields.len());
        for (key, value) in fields.drain(..) {
            row.insert(key.to_owned(), value);
        }
        *template = Some(row.keys().map(|k| (k.clone(), Value::Null)).collect());
        Ok(row)
    }
}

#[cfg(test)]
mod tests {
    use super::struct_rows;
    use serde::Serialize;
    use serde_json::json;
    use std::collections::BTreeMap;

    #[derive(Serialize)]
    struct Inner {
        x: u8,
    }

    #[derive(Serialize)]
    enum Kind {
        Plain,
        Tagged { n: i32 },
    }

    #[derive(Serialize)]
    struct Row {
        id: u32,
        #[serde(rename = "fullName")]
        name: String,
        #[serde(skip_serializing_if = "Option::is_none")]
        note: Option<String>,
        score: f64,
        inner: Inner,
        kind: Kind,
        tags: Vec<&'static str>,
        missing: Option<bool>,
    }

    fn row(id: u32) -> Row {
        Row {
            id,
            name: format!("Name \"{id}\" é"),
            note: id.is_multiple_of(3).then(|| format!("note {id}")),
            score: f64::from(id) / 3.0,
            inner: Inner { x: 7 },
            kind: if id.is_multiple_of(2) {
                Kind::Plain
            } else {
                Kind::Tagged { n: -1 }
            },
            tags: vec!["a", "b"],
            missing: None,
        }
    }

    /// The same text as `serde_json::to_value` (`Value`'s `==` ignores key order: compare the
    /// serialized text).
    fn same_as_serde_json(input: &impl Serialize) -> bool {
        let fast = struct_rows(input);
        let slow = serde_json::to_value(input).ok();
        if let (Some(fast), Some(slow)) = (&fast, &slow) {
            assert_eq!(fast.to_string(), slow.to_string());
        }
        fast.is_some()
    }

    #[test]
    fn structs_give_what_serde_json_gives_in_the_same_key_order() {
        let rows: Vec<Row> = (0..50).map(row).collect();
        assert!(same_as_serde_json(&rows));
        assert!(same_as_serde_json(&rows[..1].iter().collect::<Vec<_>>()));
        assert!(same_as_serde_json(&Vec::<Row>::new()));
        let boxed: Vec<Box<Row>> = (0..4).map(|i| Box::new(row(i))).collect();
        assert!(same_as_serde_json(&boxed));
    }

    #[test]
    fn anything_else_is_left_to_serde_json() {
        assert!(!same_as_serde_json(&row(1)));
        assert!(!same_as_serde_json(&[1, 2, 3]));
        assert!(!same_as_serde_json(&vec![json!({"a": 1}), json!({"b": 2})]));
        assert!(!same_as_serde_json(&vec![Some(row(1)), None]));
        let map: BTreeMap<&str, u8> = [("a", 1)].into();
        assert!(!same_as_serde_json(&vec![map]));
        assert!(!same_as_serde_json(&json!(null)));
    }

    #[test]
    fn a_field_serde_json_refuses_is_left_to_serde_json() {
        #[derive(Serialize)]
        struct Bad {
            map: BTreeMap<(u8, u8), u8>,
        }
        let bad = vec![Bad {
            map: [((1, 2), 3)].into(),
        }];
        assert!(struct_rows(&bad).is_none());
        assert!(serde_json::to_value(&bad).is_err());
    }
}
