//! The tables: one row per basic-catalog component, icon names, layout classes (the
//! functions' are `prefab::expr::call_template`'s).

/// `(A2UI component, spec)`, the first whose fixed properties match. A spec is the children
/// kind (`-` none, `l` list, `t` list or template, `o` one child, `b` a button's label, `a`
/// tabs, `m` trigger and content, `c` options: `Radio`s under a `RadioGroup`, else
/// `SelectOption`s), the prefab type, `~variant=Type;…` types by `variant`, `@key=JSON` for
/// each fixed property the row needs, then `|` and the props (`+key=text`: a prop the row
/// always writes):
/// `from>to` (a dynamic value; `label>^`: a control's label, read as a `Label` in a `Field`
/// around the node), `!` (`""` when absent), `=JSON` (dropped when equal), `:a=b;…`
/// (enum values; a bare `a` is `a=a`; a value outside the list is dropped, or kept as it is
/// when the prop has `!`); `value=JSON` binds a state name; `checks` (→ `required`, and
/// messages after the node) and `action` are read as such; `#`: the value is shown after the
/// node (a `Muted` text).
pub const ROWS: &[(&str, &str)] = &[
    (
        "Text",
        "-Text~h1=H1;h2=H2;h3=H3;h4=H4;h5=Large;caption=Muted;body=P|text>content!",
    ),
    ("Image", "-Image|url>src!,description>alt"),
    ("Icon", ICON),
    ("Video", "-Video|url>src!"),
    ("AudioPlayer", "-Audio|url>src!"),
    ("Divider", "-Separator|axis>orientation"),
    ("Row", "lRow|"),
    ("Column", "lColumn|"),
    ("List", "tForEach|"),
    ("Card", "oCard|"),
    (
        "Button",
        "bButton|variant>variant:primary=default;default=outline;borderless=ghost,action>onClick",
    ),
    (
        "TextField",
        "-Input~longText=Textarea|label>^,variant>inputType:shortText=text;obscured=password;number,value=null,checks>required",
    ),
    (
        "CheckBox",
        "-Checkbox|label>label=\"\",value=false,checks>required",
    ),
    ("Slider", "-Slider|label>^,min>min=0,max>max=100,value=0,#"),
    // Chips show every option, as a RadioGroup does; a Select shows the chosen one.
    (
        "ChoicePicker",
        "cRadioGroup@variant=\"mutuallyExclusive\"@displayStyle=\"chips\"|label>^,value=[]",
    ),
    ("ChoicePicker", "cSelect|label>^,value=[]"),
    // The browser's date and time inputs, as A2UI renderers draw a DateTimeInput with a
    // time; any other is a DatePicker.
    (
        "DateTimeInput",
        "-Input@enableDate=true@enableTime=true|+inputType=datetime-local,label>^,value=\"\"",
    ),
    (
        "DateTimeInput",
        "-Input@enableDate=false@enableTime=true|+inputType=time,label>^,value=\"\"",
    ),
    ("DateTimeInput", "-DatePicker|label>^,value=\"\""),
    ("Tabs", "aTabs|"),
    ("Modal", "mDialog|"),
];

/// The `Icon` row: the A2UI basic-catalog icon names that are not their lucide name in
/// camelCase → that name (the others, `fastForward`, `lockOpen`, are kept: the renderer
/// matches lucide names in camelCase).
const ICON: &str = "-Icon|name>name!:accountCircle=circle-user;add=plus;arrowBack=arrow-left;\
arrowForward=arrow-right;attachFile=paperclip;calendarToday=calendar;call=phone;close=x;\
delete=trash;event=calendar-days;error=circle-alert;favorite=heart;favoriteOff=heart-off;\
help=circle-help;locationOn=map-pin;moreVert=more-vertical;moreHoriz=more-horizontal;\
notificationsOff=bell-off;notifications=bell;payment=credit-card;person=user;phone=smartphone;\
photo=image;print=printer;refresh=refresh-cw;skipNext=skip-forward;skipPrevious=skip-back;\
stop=square;visibility=eye;visibilityOff=eye-off;volumeDown=volume-1;volumeMute=volume;\
volumeOff=volume-x;volumeUp=volume-2;warning=triangle-alert";

/// `align` / `justify` values → the class suffix.
pub const LAYOUT: &str =
    "start;center;end;stretch;spaceBetween=between;spaceAround=around;spaceEvenly=evenly";

/// `Text` variants by Markdown heading level (`#` is 1).
pub const LEVELS: [&str; 6] = ["", "h1", "h2", "h3", "h4", "h5"];
