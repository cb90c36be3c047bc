; ModuleID = 'c/libc_nested.c'
source_filename = "c/libc_nested.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@span_of.set = internal unnamed_addr constant [16 x i8] c" \09\0A\0D\0B\0C,;:.-_/|+\00", align 16

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: read) uwtable
define dso_local i64 @span_of(ptr noundef readonly captures(none) %0, i64 noundef %1) local_unnamed_addr #0 {
  %3 = icmp eq i64 %1, 0
  br i1 %3, label %23, label %4

4:                                                ; preds = %2
  br label %5

5:                                                ; preds = %4, %17
  %6 = phi i64 [ %18, %17 ], [ 0, %4 ]
  %7 = getelementptr inbounds nuw i8, ptr %0, i64 %6
  %8 = load i8, ptr %7, align 1, !tbaa !9
  br label %9

9:                                                ; preds = %5, %14
  %10 = phi i64 [ 0, %5 ], [ %15, %14 ]
  %11 = getelementptr inbounds nuw i8, ptr @span_of.set, i64 %10
  %12 = load i8, ptr %11, align 1, !tbaa !9
  %13 = icmp eq i8 %12, %8
  br i1 %13, label %17, label %14

14:                                               ; preds = %9
  %15 = add nuw nsw i64 %10, 1
  %16 = icmp eq i64 %15, 16
  br i1 %16, label %20, label %9, !llvm.loop !10

17:                                               ; preds = %9
  %18 = add nuw i64 %6, 1
  %19 = icmp eq i64 %18, %1
  br i1 %19, label %22, label %5, !llvm.loop !13

20:                                               ; preds = %14
  %21 = phi i64 [ %6, %14 ]
  br label %23

22:                                               ; preds = %17
  br label %23

23:                                               ; preds = %22, %20, %2
  %24 = phi i64 [ 0, %2 ], [ %21, %20 ], [ %1, %22 ]
  ret i64 %24
}

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: read) uwtable
define dso_local i64 @first_in_table(ptr noundef readonly captures(none) %0, i64 noundef %1, ptr noundef readonly align 1 captures(none) dereferenceable(32) %2) local_unnamed_addr #0 {
  %4 = icmp sgt i64 %1, 0
  br i1 %4, label %5, label %20

5:                                                ; preds = %3, %17
  %6 = phi i64 [ %18, %17 ], [ 0, %3 ]
  %7 = getelementptr inbounds nuw i8, ptr %0, i64 %6
  %8 = load i8, ptr %7, align 1, !tbaa !9
  br label %12

9:                                                ; preds = %12
  %10 = add nuw nsw i64 %13, 1
  %11 = icmp eq i64 %10, 32
  br i1 %11, label %17, label %12, !llvm.loop !14

12:                                               ; preds = %5, %9
  %13 = phi i64 [ 0, %5 ], [ %10, %9 ]
  %14 = getelementptr inbounds nuw i8, ptr %2, i64 %13
  %15 = load i8, ptr %14, align 1, !tbaa !9
  %16 = icmp eq i8 %15, %8
  br i1 %16, label %20, label %9

17:                                               ; preds = %9
  %18 = add nuw nsw i64 %6, 1
  %19 = icmp eq i64 %18, %1
  br i1 %19, label %20, label %5, !llvm.loop !15

20:                                               ; preds = %17, %12, %3
  %21 = phi i64 [ -1, %3 ], [ %6, %12 ], [ -1, %17 ]
  ret i64 %21
}

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: read) uwtable
define dso_local i64 @find4(ptr noundef readonly captures(none) %0, i64 noundef %1, ptr noundef readonly align 1 captures(none) dereferenceable(4) %2) local_unnamed_addr #0 {
  %4 = icmp slt i64 %1, 4
  br i1 %4, label %22, label %5

5:                                                ; preds = %3, %18
  %6 = phi i64 [ %19, %18 ], [ 0, %3 ]
  %7 = getelementptr inbounds nuw i8, ptr %0, i64 %6
  br label %8

8:                                                ; preds = %5, %15
  %9 = phi i64 [ 0, %5 ], [ %16, %15 ]
  %10 = getelementptr inbounds nuw i8, ptr %7, i64 %9
  %11 = load i8, ptr %10, align 1, !tbaa !9
  %12 = getelementptr inbounds nuw i8, ptr %2, i64 %9
  %13 = load i8, ptr %12, align 1, !tbaa !9
  %14 = icmp eq i8 %11, %13
  br i1 %14, label %15, label %18

15:                                               ; preds = %8
  %16 = add nuw nsw i64 %9, 1
  %17 = icmp eq i64 %16, 4
  br i1 %17, label %22, label %8, !llvm.loop !16

18:                                               ; preds = %8
  %19 = add nuw nsw i64 %6, 1
  %20 = add nuw nsw i64 %6, 5
  %21 = icmp sgt i64 %20, %1
  br i1 %21, label %22, label %5, !llvm.loop !17

22:                                               ; preds = %18, %15, %3
  %23 = phi i64 [ -1, %3 ], [ %6, %15 ], [ -1, %18 ]
  ret i64 %23
}

attributes #0 = { nofree norecurse nosync nounwind memory(argmem: read) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }

!llvm.module.flags = !{!0, !1, !2, !3}
!llvm.ident = !{!4}
!llvm.errno.tbaa = !{!5}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{!"Debian clang version 22.1.8 (1~deb12u1)"}
!5 = !{!6, !6, i64 0}
!6 = !{!"int", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C/C++ TBAA"}
!9 = !{!7, !7, i64 0}
!10 = distinct !{!10, !11, !12}
!11 = !{!"llvm.loop.mustprogress"}
!12 = !{!"llvm.loop.unroll.disable"}
!13 = distinct !{!13, !11, !12}
!14 = distinct !{!14, !11, !12}
!15 = distinct !{!15, !11, !12}
!16 = distinct !{!16, !11, !12}
!17 = distinct !{!17, !11, !12}
