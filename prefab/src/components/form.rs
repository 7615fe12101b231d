//! Forms and inputs. Stateful inputs (`Input`, `Checkbox`, `Slider`, …) bind two ways to
//! `state[name]`; `onChange` runs after the state is written.

use super::{Bind, Map, Number};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

components! {
    /// A form; `onSubmit` runs after the fields are copied into state by `name`.
    container Form { ; on_submit: crate::Actions }
        => Form::new().gap(4).child(Input::new().name("email")).on_submit(ShowToast::new("Sent"));
    /// A labelled form field wrapper.
    container Field { ; invalid: Bind<bool>, disabled: Bind<bool> }
        => Field::new().child(FieldTitle::new("Email"));
    /// The content column of a [`Field`].
    container FieldContent {} => FieldContent::new();
    /// The title of a [`Field`].
    leaf FieldTitle { content: String } => FieldTitle::new("Email");
    /// Help text of a [`Field`].
    leaf FieldDescription { content: String } => FieldDescription::new("We never share it.");
    /// Error text of a [`Field`].
    leaf FieldError { content: String } => FieldError::new("Required");
    /// A selectable card (wraps a checkbox or radio).
    container ChoiceCard { ; invalid: Bind<bool>, disabled: Bind<bool> } => ChoiceCard::new();
    /// A text input bound to `state[name]`.
    leaf Input {
        ; name: String, value: String, input_type: String, placeholder: String, disabled: bool,
        read_only: bool, required: bool, min_length: i64, max_length: i64, min: Number,
        max: Number, step: Number, pattern: String, on_change: crate::Actions,
    } => Input::new().name("email").input_type("email").placeholder("you@example.com");
    /// A multi-line text input.
    leaf Textarea {
        ; name: String, value: String, placeholder: String, rows: i64, disabled: bool,
        required: bool, min_length: i64, max_length: i64, on_change: crate::Actions,
    } => Textarea::new().name("notes").rows(4);
    /// A checkbox bound to a boolean in state.
    leaf Checkbox {
        ; name: String, value: Bind<bool>, label: String, disabled: bool, required: bool,
        on_change: crate::Actions,
    } => Checkbox::new().name("agree").label("I agree").value(false);
    /// A toggle switch bound to a boolean in state.
    leaf Switch {
        ; name: String, value: Bind<bool>, label: String, size: String, disabled: bool,
        required: bool, on_change: crate::Actions,
    } => Switch::new().name("dark").value("{{ prefersDark }}");
    /// A slider (a number, or `[lo, hi]` when `range`).
    leaf Slider {
        ; name: String, value: Bind<SliderValue>, min: Number, max: Number, step: Number,
        range: bool, disabled: bool, variant: String, size: String, indicator_class: String,
        orientation: String, handle_style: String, handle_class: String,
        on_change: crate::Actions,
    } => Slider::new().name("volume").min(0).max(10).value(5);
    /// One radio button; `option` is the value it selects.
    leaf Radio {
        ; name: String, value: Bind<bool>, option: String, label: String, disabled: bool,
        required: bool,
    } => Radio::new().option("a").label("Option A");
    /// A group of [`Radio`]s bound to the selected option.
    container RadioGroup { ; name: String, value: String, on_change: crate::Actions }
        => RadioGroup::new().name("choice").child(Radio::new().option("a"));
    /// A date calendar (`mode`: single, multiple, range).
    leaf Calendar { ; name: String, value: String, mode: String, on_change: crate::Actions }
        => Calendar::new().name("day").mode("single");
    /// A date picker popover.
    leaf DatePicker {
        ; name: String, value: String, placeholder: String, on_change: crate::Actions,
    } => DatePicker::new().name("due");
    /// A file drop zone; its value is a list of [`FileUpload`]s.
    leaf DropZone {
        ; name: String, value: Vec<FileUpload>, icon: String, label: String,
        description: String, accept: String, multiple: bool, max_size: i64, disabled: bool,
        on_change: crate::Actions,
    } => DropZone::new().name("files").accept("image/*").multiple(true);
}

/// A [`Slider`] value: one number, or `[lo, hi]` for a range slider.
///
/// ```
/// use prefab::SliderValue;
/// let v: SliderValue = serde_json::from_str("[2, 8]").unwrap();
/// assert_eq!(v, SliderValue::Range([2.into(), 8.into()]));
/// ```
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum SliderValue {
    /// A single value.
    Single(Number),
    /// A `[low, high]` range.
    Range([Number; 2]),
}

impl Default for SliderValue {
    fn default() -> Self {
        SliderValue::Single(Number::default())
    }
}

macro_rules! slider_from {
    ($($src:ty),*) => {$(
        impl From<$src> for SliderValue {
            fn from(v: $src) -> Self {
                SliderValue::Single(Number::from(v))
            }
        }
        impl From<$src> for Bind<SliderValue> {
            fn from(v: $src) -> Self {
                Bind::Value(SliderValue::from(v))
            }
        }
    )*};
}
slider_from!(f64, i32, u32, Number);

impl From<SliderValue> for Bind<SliderValue> {
    fn from(v: SliderValue) -> Self {
        Bind::Value(v)
    }
}

/// A file picked by a [`DropZone`] or the `openFilePicker` action.
///
/// ```
/// use prefab::FileUpload;
/// let f: FileUpload = serde_json::from_str(
///     r#"{"name":"a.txt","size":3,"type":"text/plain","data":"YWJj"}"#).unwrap();
/// assert_eq!(f.mime_type, "text/plain");
/// ```
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[non_exhaustive]
pub struct FileUpload {
    /// File name.
    pub name: String,
    /// Size in bytes.
    pub size: u64,
    /// MIME type.
    #[serde(rename = "type")]
    pub mime_type: String,
    /// Base64 content, without a `data:` prefix.
    pub data: String,
    /// Unknown fields, kept and re-emitted.
    #[serde(flatten)]
    pub extra: Map,
}
